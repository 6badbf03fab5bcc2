import { contentCalls } from '#contract/calls/content.ts'
import type { RouteSpec } from '#server/http/route.ts'
import { crudRoutes } from '../crud.ts'

/**
 * Events of the carousel (docs/product/7-calls.md Content): every event is listed, the site picks current ones;
 * the owner writes them (docs/decisions/090-studio-marketing.md).
 */
export const eventsRoutes: RouteSpec[] = crudRoutes('events', {
  list: contentCalls.eventsList,
  create: contentCalls.eventsCreate,
  update: contentCalls.eventsUpdate,
  remove: contentCalls.eventsRemove,
})
