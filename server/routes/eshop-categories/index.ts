import { eshopCalls } from '#contract/calls/eshop.ts'
import type { RouteSpec } from '#server/http/route.ts'
import { companyWide } from '../catalogue-guard.ts'
import { crudRoutes } from '../crud.ts'

/**
 * E-shop categories (docs/product/7-calls.md E-shop): a public list, in the order the company
 * set; the owner's writes (docs/decisions/088-studio-products-and-service-options.md), which
 * publish a rebuild as every content write does.
 */
export const eshopCategoriesRoutes: RouteSpec[] = crudRoutes(
  'eshopCategories',
  {
    list: eshopCalls.categories,
    create: eshopCalls.createCategory,
    update: eshopCalls.updateCategory,
    remove: eshopCalls.removeCategory,
  },
  companyWide,
)
