import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import {
  appointmentClaims,
  appointments,
  bookingOrders,
  type CancelReason,
  carts,
} from '#server/db/schema/index.ts'
import { refreshTotals, setOrderStatus } from '../orders/index.ts'
import { recordFreed } from './freed.ts'

/**
 * Cancels appointments and their claims (the slot is free at commit), then settles what they
 * belonged to: an order left without a live appointment is cancelled, its open cart expired (a
 * lapsed hold) or cancelled, and pending totals follow. Every freed (shop, day) somebody waits
 * for is written to the waitlist's outbox in the same transaction (docs/decisions/040-waitlist.md).
 * Callers hold the advisory locks of the appointments' resources (server/kernel/locks.ts).
 */
export async function cancelAppointments(
  tx: Tx,
  companyId: number,
  ids: readonly string[],
  reason: CancelReason,
  by: string,
  now: Date,
): Promise<void> {
  if (ids.length === 0) return
  const cancelled = await tx
    .update(appointments)
    .set({ status: 'cancelled', cancelReason: reason, updatedAt: now })
    .where(
      and(
        eq(appointments.companyId, companyId),
        inArray(appointments.id, [...ids]),
        ne(appointments.status, 'cancelled'),
      ),
    )
    .returning({
      cartId: appointments.cartId,
      orderId: appointments.bookingOrderId,
      shopId: appointments.shopId,
      localStart: appointments.localStart,
    })
  if (cancelled.length === 0) return
  await recordFreed(tx, companyId, cancelled)
  await tx
    .update(appointmentClaims)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(appointmentClaims.companyId, companyId),
        inArray(appointmentClaims.appointmentId, [...ids]),
      ),
    )
  const cartIds = [...new Set(cancelled.map((row) => row.cartId))]
  await refreshTotals(tx, companyId, cartIds)
  const emptied = await tx
    .select({ orderId: bookingOrders.id, cartId: bookingOrders.cartId })
    .from(bookingOrders)
    .where(
      and(
        eq(bookingOrders.companyId, companyId),
        inArray(bookingOrders.cartId, cartIds),
        sql`not exists (select 1 from ${appointments} where ${appointments.companyId} = ${companyId}
          and ${appointments.cartId} = ${bookingOrders.cartId} and ${appointments.status} <> 'cancelled')`,
      ),
    )
  for (const { orderId, cartId } of emptied) {
    await setOrderStatus(tx, companyId, orderId, 'cancelled', by, now)
    await tx
      .update(carts)
      .set({ status: reason === 'expired' ? 'expired' : 'cancelled', updatedAt: now })
      .where(
        and(
          eq(carts.companyId, companyId),
          eq(carts.id, cartId),
          inArray(carts.status, ['open', 'paying']),
        ),
      )
  }
}
