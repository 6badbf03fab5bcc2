import { and, asc, gt, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { bookingOrders } from '#server/db/schema/index.ts'
import { type BookingOrderWire, bookingOrderViews } from './booking-view.ts'

/** Orders read per round: their views (bills included) are built a chunk at a time. */
const CHUNK = 500

/**
 * Every order the WHERE selects, through the same views as the history, the account pages and
 * the bills, a chunk at a time (by id): the reports read their figures from these, so each
 * figure is the sum of the bills it covers (docs/decisions/076-studio-reports.md).
 */
export async function eachOrderView(
  db: Db,
  companyId: number,
  where: SQL | undefined,
  visit: (view: BookingOrderWire) => void,
): Promise<void> {
  let after: string | undefined
  for (;;) {
    const rows = await db
      .select()
      .from(bookingOrders)
      .where(after === undefined ? where : and(where, gt(bookingOrders.id, after)))
      .orderBy(asc(bookingOrders.id))
      .limit(CHUNK)
    for (const view of await bookingOrderViews(db, companyId, rows)) visit(view)
    if (rows.length < CHUNK) return
    after = rows.at(-1)?.id
  }
}
