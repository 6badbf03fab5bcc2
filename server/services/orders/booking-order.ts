import { and, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { bookingOrders } from '#server/db/schema/index.ts'
import { type BookingOrderWire, bookingOrderViews } from './booking-view.ts'

/**
 * One booking order as the contract shows it (services/orders/booking-view.ts shapes it: live
 * appointments, or all of them once the whole order is cancelled; history oldest first). A hold
 * writes its appointments with the cart's id as their order id, so a pending order shows them.
 */
export async function bookingOrderView(
  db: Db,
  companyId: number,
  orderId: string,
): Promise<BookingOrderWire | undefined> {
  const [order] = await db
    .select()
    .from(bookingOrders)
    .where(and(eq(bookingOrders.companyId, companyId), eq(bookingOrders.id, orderId)))
  if (!order) return undefined
  const [view] = await bookingOrderViews(db, companyId, [order])
  return view
}
