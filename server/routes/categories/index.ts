import { categoriesCalls } from '#contract/calls/catalogue-shops.ts'
import type { RouteSpec } from '#server/http/route.ts'
import { companyWide } from '../catalogue-guard.ts'
import { crudRoutes } from '../crud.ts'
import { articleLinkRoutes } from '../links.ts'

/** Service categories (docs/product/7-calls.md Catalogue): public reads, provider writes, article links. */
export const categoriesRoutes: RouteSpec[] = [
  ...crudRoutes('categories', categoriesCalls, companyWide),
  ...articleLinkRoutes(
    'categories',
    { link: categoriesCalls.linkArticle, unlink: categoriesCalls.unlinkArticle },
    companyWide,
  ),
]
