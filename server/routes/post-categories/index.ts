import { contentCalls } from '#contract/calls/content.ts'
import type { RouteSpec } from '#server/http/route.ts'
import { crudRoutes } from '../crud.ts'

/** Magazine categories (docs/product/7-calls.md Content): public reads, provider writes publishing `posts`. */
export const postCategoriesRoutes: RouteSpec[] = crudRoutes('postCategories', {
  list: contentCalls.postCategoriesList,
  get: contentCalls.postCategoriesGet,
  create: contentCalls.postCategoriesCreate,
  update: contentCalls.postCategoriesUpdate,
  remove: contentCalls.postCategoriesRemove,
})
