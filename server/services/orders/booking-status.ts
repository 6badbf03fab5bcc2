import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { BookingStatus } from '#contract/booking-order.ts'
import type { Tx } from '#server/db/client.ts'
import { appointments, bookingOrderHistory, bookingOrders, carts } from '#server/db/schema/index.ts'

/** Sets a booking order's status and records the change (no row when it already had it). */
export async function setOrderStatus(
  tx: Tx,
  companyId: number,
  orderId: string,
  status: BookingStatus,
  by: string,
  now: Date,
  extra: Partial<typeof bookingOrders.$inferInsert> = {},
): Promise<void> {
  const changed = await tx
    .update(bookingOrders)
    .set({ ...extra, status, updatedAt: now })
    .where(
      and(
        eq(bookingOrders.companyId, companyId),
        eq(bookingOrders.id, orderId),
        ne(bookingOrders.status, status),
      ),
    )
    .returning({ id: bookingOrders.id })
  if (changed.length > 0) {
    await tx
      .insert(bookingOrderHistory)
      .values({ companyId, bookingOrderId: orderId, status, at: now, by })
  } else if (Object.keys(extra).length > 0) {
    await tx
      .update(bookingOrders)
      .set({ ...extra, updatedAt: now })
      .where(and(eq(bookingOrders.companyId, companyId), eq(bookingOrders.id, orderId)))
  }
}

/** Totals of unpaid carts and their orders follow their live appointments, minor units. */
export async function refreshTotals(tx: Tx, companyId: number, cartIds: readonly string[]) {
  if (cartIds.length === 0) return
  const live = (cartId: AnyPgColumn) =>
    sql<number>`coalesce((select sum(${appointments.priceCents}) from ${appointments}
      where ${appointments.companyId} = ${companyId} and ${appointments.cartId} = ${cartId}
      and ${appointments.status} <> 'cancelled'), 0)`
  await tx
    .update(carts)
    .set({
      subtotalCents: live(carts.id),
      totalCents: sql`greatest(${live(carts.id)} - ${carts.discountCents}, 0)`,
    })
    .where(
      and(
        eq(carts.companyId, companyId),
        inArray(carts.id, [...cartIds]),
        eq(carts.purpose, 'booking'),
        inArray(carts.status, ['open', 'paying']),
      ),
    )
  await tx
    .update(bookingOrders)
    .set({ totalCents: live(bookingOrders.cartId) })
    .where(
      and(
        eq(bookingOrders.companyId, companyId),
        inArray(bookingOrders.cartId, [...cartIds]),
        // Until paid (open or paying cart) the order's total follows its appointments; after
        // that it is what was charged (refunds are the payments part's business).
        sql`exists (select 1 from ${carts} where ${carts.companyId} = ${companyId}
          and ${carts.id} = ${bookingOrders.cartId} and ${carts.status} in ('open', 'paying'))`,
      ),
    )
}
