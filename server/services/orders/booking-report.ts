import type * as z from 'zod/mini'
import type { reportQuery } from '#contract/calls/stats.ts'
import { type ReportOrder, reportFigures } from '#domain/studio/report-figures.ts'
import type { Db } from '#server/db/client.ts'
import { staffHistoryWhere } from './booking-history.ts'
import { eachOrderView } from './order-rounds.ts'
import type { Staff } from './staff.ts'

export type ReportQuery = z.output<typeof reportQuery>

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
      itemPerPage: 100,
      sortBy: 'createdAt',
      sortDesc: false,
    },
    staff,
  )
  const orders: ReportOrder[] = []
  await eachOrderView(db, companyId, where, (view) => {
    const first = view.appointments[0]
    if (first === undefined) return
    orders.push({
      status: view.status,
      total: view.bill.total.amount,
      shopId: view.shopId,
      day: first.start.slice(0, 10),
    })
  })
  return reportFigures(orders, q)
}
