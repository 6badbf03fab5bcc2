import { forbidden } from '#server/kernel/index.ts'
import { type HistoryQuery, staffHistoryWhere } from './booking-history.ts'
import { eachOrderView } from './order-rounds.ts'
import { paidOfView } from './payment-lists.ts'
import { mayReadHistoryTotals } from './rules.ts'
import type { Staff } from './staff.ts'

/**
 * GET /bookingOrder/history/totals (docs/decisions/076-studio-reports.md): every order the
 * history's filters select, on every page, through the views that build the bills: how many,
 * the sum of their bills, and what their payments hold. A practitioner's is 403.
 */
export async function bookingHistoryTotals(
  db: Parameters<typeof eachOrderView>[0],
  companyId: number,
  q: HistoryQuery,
  staff: Staff,
  currency: string,
) {
  if (!mayReadHistoryTotals(staff.scope)) throw forbidden('Reports are not for practitioners.')
  const where = staffHistoryWhere(companyId, q, staff)
  let count = 0
  let billed = 0
  let paid = 0
  await eachOrderView(db, companyId, where, (view) => {
    count += 1
    billed += view.bill.total.amount
    paid += paidOfView(view)
  })
  return { count, billed: { amount: billed, currency }, paid: { amount: paid, currency } }
}
