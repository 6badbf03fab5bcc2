import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import {
  bookingOrders,
  type CartRow,
  eshopOrders,
  gifts,
  type JsonObject,
  paymentEvents,
} from '#server/db/schema/index.ts'

/**
 * Records one provider delivery (callback, webhook, IPN, a verified pay) by its key. False when
 * the key was seen before: the caller then changes nothing (a repeated callback is a no-op).
 * The row is written in the caller's transaction, so a delivery whose processing failed and
 * rolled back is not remembered and may be delivered again.
 */
export async function recordEvent(
  tx: Tx,
  event: {
    companyId: number
    provider: string
    eventKey: string
    paymentId: string | null
    kind: string
    payload: JsonObject
    at: Date
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({
      companyId: event.companyId,
      provider: event.provider,
      eventKey: event.eventKey,
      paymentId: event.paymentId,
      kind: event.kind,
      payload: event.payload,
      receivedAt: event.at,
      processedAt: event.at,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id })
  return inserted.length > 0
}

/**
 * The id of what a paid cart bought: its booking order (whose id is the cart's), e-shop order
 * or voucher; a paid move's (purpose 'reschedule') is the booking order it moved. Before payment
 * the cart id stands in for it.
 */
export async function orderIdOf(tx: Db, cart: CartRow): Promise<string> {
  if (cart.purpose === 'reschedule') {
    const moved = cart.data.reschedule
    const orderId =
      typeof moved === 'object' && moved !== null && !Array.isArray(moved)
        ? (moved as Record<string, unknown>).orderId
        : null
    return cart.status === 'paid' && typeof orderId === 'string' ? orderId : cart.id
  }
  const where = <T extends typeof bookingOrders | typeof eshopOrders | typeof gifts>(table: T) =>
    and(eq(table.companyId, cart.companyId), eq(table.cartId, cart.id))
  const [row] =
    cart.purpose === 'booking'
      ? await tx.select({ id: bookingOrders.id }).from(bookingOrders).where(where(bookingOrders))
      : cart.purpose === 'eshop'
        ? await tx.select({ id: eshopOrders.id }).from(eshopOrders).where(where(eshopOrders))
        : await tx.select({ id: gifts.id }).from(gifts).where(where(gifts))
  return row?.id ?? cart.id
}
