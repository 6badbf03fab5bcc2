import { eshopCalls } from '#contract/calls/eshop.ts'
import type { RouteSpec } from '#server/http/route.ts'
import { listRoute } from '../crud.ts'

/** E-shop categories (docs/product/7-calls.md E-shop): a public list, in the order the company set. */
export const eshopCategoriesRoutes: RouteSpec[] = [
  listRoute('eshopCategories', eshopCalls.categories),
]
