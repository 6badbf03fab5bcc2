import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  type CartRow,
  carts,
  eshopOrders,
  gifts,
  type PaymentRow,
  payments,
} from '#server/db/schema/index.ts'
import { conflict, notFound } from '#server/kernel/index.ts'
import { TAKEN_PAYMENT_STATUSES } from './statuses.ts'

/**
 * What a refund names: a booking order (its id is its cart's), an e-shop order or a voucher,
 * or the cart itself. Another company's, or another shop's when shopId is given: 404. Its
 * taken payment: the latest, or the one named (`paymentId`, which must be of that cart).
 */
export async function refundTarget(
  db: Db,
  companyId: number,
  orderId: string,
  shopId: string | undefined,
  paymentId?: string,
): Promise<{ cart: CartRow; payment: PaymentRow }> {
  const cart = await orderCart(db, companyId, orderId, shopId)
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.companyId, companyId),
        eq(payments.cartId, cart.id),
        inArray(payments.status, [...TAKEN_PAYMENT_STATUSES]),
        paymentId === undefined ? undefined : eq(payments.id, paymentId),
      ),
    )
    .orderBy(desc(payments.succeededAt))
    .limit(1)
  if (!payment) throw conflict('Conflict: this order was not paid online.', 'notPaid')
  return { cart, payment }
}

/**
 * The cart of an order: a booking order (its id is its cart's), an e-shop order or a voucher,
 * or the cart itself. Another company's, or another shop's when shopId is given: 404.
 */
export async function orderCart(
  db: Db,
  companyId: number,
  orderId: string,
  shopId: string | undefined,
): Promise<CartRow> {
  const [viaEshop] = await db
    .select({ cartId: eshopOrders.cartId })
    .from(eshopOrders)
    .where(and(eq(eshopOrders.companyId, companyId), eq(eshopOrders.id, orderId)))
  const [viaGift] = viaEshop
    ? []
    : await db
        .select({ cartId: gifts.cartId })
        .from(gifts)
        .where(and(eq(gifts.companyId, companyId), eq(gifts.id, orderId)))
  const cartId = viaEshop?.cartId ?? viaGift?.cartId ?? orderId
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.companyId, companyId), eq(carts.id, cartId)))
  if (!cart || (shopId !== undefined && cart.shopId !== shopId)) throw notFound('No such order.')
  return cart
}
