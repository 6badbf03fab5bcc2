import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { bookingHistoryQuery } from '#contract/calls/booking-admin.ts'
import type { Db } from '#server/db/client.ts'
import { accounts, appointments, bookingOrders } from '#server/db/schema/index.ts'
import { forbidden } from '#server/kernel/index.ts'
import { type BookingOrderWire, bookingOrderViews } from './booking-view.ts'
import { orderReachWhere } from './reach-sql.ts'
import { historyReach, type Reach, reachOf } from './rules.ts'
import type { Staff } from './staff.ts'

export type HistoryQuery = z.output<typeof bookingHistoryQuery>

/** An ILIKE pattern holding the value anywhere, its wildcards taken literally. */
export const like = (value: string) => `%${value.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The customer's account, for the name and e-mail filters (a visitor's order has none). */
const customerMatches = (condition: SQL) =>
  sql`exists (select 1 from ${accounts} where ${accounts.companyId} = ${bookingOrders.companyId}
    and ${accounts.id} = ${bookingOrders.customerId} and ${condition})`

/**
 * The WHERE of docs/product/7-calls.md's history filters, always within one company. Periods are calendar days,
 * both ends included: 'order' compares the day it was ordered (UTC), 'appointment' the shop
 * wall-clock day of any of its appointments (what the customer booked, in the shop's zone).
 * The shops are the reach's (rules.ts historyReach: the asked ones within the user's).
 */
function historyWhere(companyId: number, q: HistoryQuery, reach: Reach): SQL | undefined {
  const filters: (SQL | undefined)[] = [
    eq(bookingOrders.companyId, companyId),
    orderReachWhere(reach),
  ]
  if (q.periodSearch === 'order') {
    if (q.start) filters.push(gte(bookingOrders.createdAt, new Date(`${q.start}T00:00:00Z`)))
    if (q.end) {
      const dayAfter = new Date(Date.parse(`${q.end}T00:00:00Z`) + 86_400_000)
      filters.push(lt(bookingOrders.createdAt, dayAfter))
    }
  } else if (q.start || q.end) {
    filters.push(sql`exists (select 1 from ${appointments} where ${appointments.companyId} = ${companyId}
      and ${appointments.bookingOrderId} = ${bookingOrders.id}
      and left(${appointments.localStart}, 10) >= ${q.start ?? '0000-01-01'}
      and left(${appointments.localStart}, 10) <= ${q.end ?? '9999-12-31'})`)
  }
  if (q.firstname) {
    filters.push(
      customerMatches(
        sql`${accounts.profile} #>> '{profiles,0,firstname}' ilike ${like(q.firstname)}`,
      ),
    )
  }
  if (q.lastname) {
    filters.push(
      customerMatches(
        sql`${accounts.profile} #>> '{profiles,0,lastname}' ilike ${like(q.lastname)}`,
      ),
    )
  }
  if (q.mail) filters.push(customerMatches(sql`${accounts.email} ilike ${like(q.mail)}`))
  if (q.transactionId) filters.push(eq(bookingOrders.transactionId, q.transactionId))
  if (q.bookerOrigin) filters.push(eq(bookingOrders.bookerOrigin, q.bookerOrigin))
  if (q.bookerStatus) filters.push(eq(bookingOrders.status, q.bookerStatus))
  return and(...filters)
}

const firstStart = sql`(select min(${appointments.startsAt}) from ${appointments}
  where ${appointments.companyId} = ${bookingOrders.companyId}
  and ${appointments.bookingOrderId} = ${bookingOrders.id})`

const SORT = {
  createdAt: bookingOrders.createdAt,
  start: firstStart,
  total: bookingOrders.totalCents,
  status: bookingOrders.status,
  ideorder: bookingOrders.ideorder,
} as const

/** A `shops` filter naming a shop outside the user's is 403 (docs/decisions/072-studio-roles.md). */
function reachOfHistory(staff: Staff, q: HistoryQuery): Reach {
  const reach = historyReach(staff.scope, q.shops)
  if (reach === 'outside') throw forbidden('A shop asked for is not one of yours.')
  return reach
}

/** The history's WHERE for this user: their reach, the asked shops within it (403 beyond). */
export const staffHistoryWhere = (companyId: number, q: HistoryQuery, staff: Staff) =>
  historyWhere(companyId, q, reachOfHistory(staff, q))

/** GET /bookingOrder/history: one page of the filtered orders, sorted as asked (id breaks ties). */
export async function bookingHistory(
  db: Db,
  companyId: number,
  q: HistoryQuery,
  staff: Staff,
): Promise<{ items: BookingOrderWire[]; total: number; page: number; itemPerPage: number }> {
  const where = historyWhere(companyId, q, reachOfHistory(staff, q))
  const direction = q.sortDesc ? desc : asc
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bookingOrders)
      .where(where)
      .orderBy(direction(SORT[q.sortBy]), direction(bookingOrders.id))
      .limit(q.itemPerPage)
      .offset((q.page - 1) * q.itemPerPage),
    db.select({ n: count() }).from(bookingOrders).where(where),
  ])
  return {
    items: await bookingOrderViews(db, companyId, rows),
    total: total?.n ?? 0,
    page: q.page,
    itemPerPage: q.itemPerPage,
  }
}

/** GET /bookingOrder/aggregate: how many orders match, their total, how many per status. */
export async function bookingAggregate(db: Db, companyId: number, q: HistoryQuery, staff: Staff) {
  const rows = await db
    .select({
      status: bookingOrders.status,
      n: count(),
      total: sql<number>`coalesce(sum(${bookingOrders.totalCents}), 0)::int`,
      currency: sql<string>`min(${bookingOrders.currency})`,
    })
    .from(bookingOrders)
    .where(historyWhere(companyId, q, reachOfHistory(staff, q)))
    .groupBy(bookingOrders.status)
  return {
    count: rows.reduce((sum, row) => sum + row.n, 0),
    total: rows.reduce((sum, row) => sum + row.total, 0),
    currency: rows[0]?.currency,
    byStatus: Object.fromEntries(rows.map((row) => [row.status, row.n])),
  }
}

/**
 * A customer's booking orders, newest first (account pages, booking admin by customer): of a
 * company user, only those within their reach (the customer's own session reaches them all).
 */
export async function customerBookingOrders(
  db: Db,
  companyId: number,
  customerId: string,
  staff?: Staff,
) {
  const reach = staff ? reachOf(staff.scope) : {}
  const rows = await db
    .select()
    .from(bookingOrders)
    .where(
      and(
        eq(bookingOrders.companyId, companyId),
        eq(bookingOrders.customerId, customerId),
        orderReachWhere(reach),
      ),
    )
    .orderBy(desc(bookingOrders.createdAt), desc(bookingOrders.id))
  return bookingOrderViews(db, companyId, rows)
}
