import { closedDay, openDay } from '#contract/calendar-day.ts'
import { calendarDaysCalls } from '#contract/calls/calendar-days.ts'
import { contentCalls } from '#contract/calls/content.ts'
import type { Db } from '#server/db/client.ts'
import type { ContentRow } from '#server/db/schema/index.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { listContent, toEntity } from '#server/services/content/index.ts'
import { dayWriteRoutes } from './writes.ts'

/**
 * Closed days and exceptional open days (docs/product/7-calls.md Content): public lists in date order (the
 * starts_at column holds the date), because a calendar is read by date, not by a sort order.
 */
const byDate = (a: ContentRow, b: ContentRow) =>
  (a.startsAt?.getTime() ?? 0) - (b.startsAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1)

async function days(db: Db, companyId: number, kind: 'closedDays' | 'openDays') {
  return (await listContent(db, companyId, kind)).sort(byDate)
}

const { closedDays, openDays } = contentCalls
const { closedCreate, closedUpdate, closedRemove, openCreate, openUpdate, openRemove } =
  calendarDaysCalls

export const calendarDaysRoutes: RouteSpec[] = [
  handle(closedDays, async ({ c, company }) =>
    (await days(c.var.deps.db, company.id, 'closedDays')).map((row) => toEntity(closedDay, row)),
  ),
  handle(openDays, async ({ c, company }) =>
    (await days(c.var.deps.db, company.id, 'openDays')).map((row) => toEntity(openDay, row)),
  ),
  // the studio's writes (docs/decisions/087-studio-shops-and-team.md)
  ...dayWriteRoutes('closedDays', closedDay, {
    create: closedCreate,
    update: closedUpdate,
    remove: closedRemove,
  }),
  ...dayWriteRoutes('openDays', openDay, {
    create: openCreate,
    update: openUpdate,
    remove: openRemove,
  }),
]
