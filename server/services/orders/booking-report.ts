import { and, asc, gt } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { reportQuery } from '#contract/calls/stats.ts'
import { type ReportOrder, reportFigures } from '#domain/studio/report-figures.ts'
import type { Db } from '#server/db/client.ts'
import { bookingOrders } from '#server/db/schema/index.ts'
import { staffHistoryWhere } from './booking-history.ts'
import { bookingOrderViews } from './booking-view.ts'
import type { Staff } from './staff.ts'

export type ReportQuery = z.output<typeof reportQuery>

/** Orders read per round: their views (bills included) are built a chunk at a time. */
const CHUNK = 500

/**
 * GET /bookingOrder/report (docs/decisions/076-studio-reports.md): the orders with an
 * appointment in the period, read through the same views as the history and the account pages,
 * so each order counts with the total its bill shows; the figures are the domain's rule.
 */
export async function bookingReport(db: Db, companyId: number, q: ReportQuery, staff: Staff) {
  const where = staffHistoryWhere(
    companyId,
    {
      periodSearch: 'appointment',
      start: q.start,
      end: q.end,
      shops: q.shops,
      page: 1,
      itemPerPage: CHUNK,
      sortBy: 'createdAt',
      sortDesc: false,
    },
    staff,
  )
  const orders: ReportOrder[] = []
  let after: string | undefined
  for (;;) {
    const rows = await db
      .select()
      .from(bookingOrders)
      .where(after === undefined ? where : and(where, gt(bookingOrders.id, after)))
      .orderBy(asc(bookingOrders.id))
      .limit(CHUNK)
    for (const view of await bookingOrderViews(db, companyId, rows)) {
      const first = view.appointments[0]
      if (first === undefined) continue
      orders.push({
        status: view.status,
        total: view.bill.total.amount,
        shopId: view.shopId,
        day: first.start.slice(0, 10),
      })
    }
    if (rows.length < CHUNK) break
    after = rows.at(-1)?.id
  }
  return reportFigures(orders, q)
}
