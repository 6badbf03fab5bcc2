import { contentCalls } from '#contract/calls/content.ts'
import type { RouteSpec } from '#server/http/route.ts'
import { crudRoutes } from '../crud.ts'

/**
 * Alerts (docs/product/7-calls.md Content). The list holds every alert, past and future: which are current is
 * decided where "now" is known (src/domain currentItems, in the page that reads it at load:
 * docs/decisions/034-notices-read-at-page-load.md).
 */
export const alertsRoutes: RouteSpec[] = crudRoutes('alerts', {
  list: contentCalls.alertsList,
  create: contentCalls.alertsCreate,
  update: contentCalls.alertsUpdate,
  remove: contentCalls.alertsRemove,
})
