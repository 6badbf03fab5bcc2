import { and, eq, inArray } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { type CartRow, carts, type PaymentRow, payments } from '#server/db/schema/index.ts'
import { reserveCouponFor } from '../content/index.ts'
import { pricingRecord } from '../pricing/index.ts'
import { cartNotPayable } from './errors.ts'
import { assertPendingCartRoom } from './pending-carts.ts'
import type { ProviderName } from './providers/types.ts'
import { purposeHandler } from './purposes/index.ts'
import type { PreparedCart, PrepareInput } from './purposes/types.ts'
import { OPEN_PAYMENT_STATUSES, UNPAID_CART_MINUTES } from './statuses.ts'

/**
 * initialize's one transaction: the cart turns 'paying' with the server's pricing (the booking
 * cart of the holds is updated; e-shop and gift carts are new, expiring after
 * UNPAID_CART_MINUTES), the purpose writes its own rows (pending order, pending voucher), older
 * open payments of the cart are cancelled and the new payment row is written.
 */
export async function writeCart(
  tx: Tx,
  input: PrepareInput,
  prepared: PreparedCart,
  provider: ProviderName,
  currency: string,
): Promise<{ cart: CartRow; payment: PaymentRow }> {
  const { company, body, now } = input
  const { priced } = prepared
  const values = {
    status: 'paying' as const,
    subtotalCents: priced.subtotal,
    discountCents: priced.discount,
    totalCents: priced.total,
    couponCode: priced.coupon?.code ?? null,
    message: body.message ?? null,
    updatedAt: now,
  }
  const data = { ...pricingRecord(priced), ...prepared.details }
  if (!prepared.cartId) {
    const who = { customerId: input.customerId, clientAddress: input.clientAddress }
    await assertPendingCartRoom(tx, company.id, who, now)
  }
  const [cart] = prepared.cartId
    ? await tx
        .update(carts)
        .set({ ...values, data })
        .where(
          and(
            eq(carts.companyId, company.id),
            eq(carts.id, prepared.cartId),
            inArray(carts.status, ['open', 'paying']),
          ),
        )
        .returning()
    : await tx
        .insert(carts)
        .values({
          ...values,
          companyId: company.id,
          purpose: body.purpose,
          shopId: body.shopId,
          customerId: input.customerId ?? null,
          clientAddress: input.clientAddress ?? null,
          currency,
          data,
          expiresAt: new Date(now.getTime() + UNPAID_CART_MINUTES * 60_000),
          createdAt: now,
        })
        .returning()
  if (!cart) throw cartNotPayable('changed meanwhile')
  await purposeHandler(body.purpose).attach?.({ tx, company, cart, now }, input, prepared)
  // Only the newest payment of a cart is meant to be paid; an older attempt that still succeeds
  // finds the cart paid or changed and is refunded (settle.ts).
  await tx
    .update(payments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      and(
        eq(payments.companyId, company.id),
        eq(payments.cartId, cart.id),
        inArray(payments.status, [...OPEN_PAYMENT_STATUSES]),
      ),
    )
  const [payment] = await tx
    .insert(payments)
    .values({
      companyId: company.id,
      cartId: cart.id,
      provider,
      status: 'created',
      amountCents: priced.total,
      currency: cart.currency,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (!payment) throw new Error('payment insert returned nothing')
  // Last (the coupon's lock is the last lock of any transaction): a use of the coupon, counted
  // against its limits; 409 couponUsed rolls initialize back.
  const cartCoupon = { companyId: company.id, cartId: cart.id, customerId: cart.customerId }
  await reserveCouponFor(tx, cartCoupon, priced.coupon?.couponId, now)
  return { cart, payment }
}
