import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type CartRow, carts, type PaymentRow, payments } from '#server/db/schema/index.ts'
import { orderIdOf } from './events.ts'
import { TAKEN_PAYMENT_STATUSES } from './statuses.ts'

/** The booking order a payment's cart pays for, as the money of its payments knows it. */
export interface PaidBookingOrder {
  readonly id: string
  readonly cartId: string
}

/**
 * The taken online payments of a booking order: its own cart's, then the difference of each
 * dearer move paid on its own cart (purpose 'reschedule', docs/decisions/042-reschedule-pay-difference.md:
 * a paid cart whose data.reschedule.orderId names the order), each in the order it was taken.
 * A move's cart that was not paid (lapsed, refused, refunded by settle) moved nothing and is
 * not the order's money.
 */
export async function bookingOrderPayments(
  db: Db,
  companyId: number,
  order: PaidBookingOrder,
): Promise<PaymentRow[]> {
  const rows = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(carts, and(eq(carts.companyId, payments.companyId), eq(carts.id, payments.cartId)))
    .where(
      and(
        eq(payments.companyId, companyId),
        inArray(payments.status, [...TAKEN_PAYMENT_STATUSES]),
        or(
          eq(payments.cartId, order.cartId),
          and(
            eq(carts.purpose, 'reschedule'),
            eq(carts.status, 'paid'),
            sql`${carts.data}->'reschedule'->>'orderId' = ${order.id}`,
          ),
        ),
      ),
    )
    .orderBy(
      sql`case when ${payments.cartId} = ${order.cartId} then 0 else 1 end`,
      asc(payments.succeededAt),
      asc(payments.createdAt),
    )
  return rows.map((row) => row.payment)
}

/**
 * The booking order a refunded cart's money belongs to: a booking cart's own order, or the order
 * a paid move's difference was paid for; undefined for any other cart.
 */
export async function bookingOrderIdOf(db: Db, cart: CartRow): Promise<string | undefined> {
  if (cart.purpose !== 'booking' && cart.purpose !== 'reschedule') return undefined
  const id = await orderIdOf(db, cart)
  // a move's cart not paid stands for itself: no order of it
  return cart.purpose === 'reschedule' && id === cart.id ? undefined : id
}
