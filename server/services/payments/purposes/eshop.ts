import { and, eq, inArray } from 'drizzle-orm'
import { carts } from '#server/db/schema/index.ts'
import { badRequest, unauthorized } from '#server/kernel/index.ts'
import {
  cancelEshopOrder,
  createEshopOrder,
  eshopOrderOf,
  markEshopOrderPaid,
} from '../../eshop/index.ts'
import { creditLoyalty } from '../../loyalty/index.ts'
import { chargeLines, priceCart } from '../../pricing/index.ts'
import { cartNotPayable, paymentDisabled } from '../errors.ts'
import type { CartContext, PurposeHandler } from './types.ts'

/** Paid (by the provider, or recorded by the shop at collection): order paid, points credited. */
async function payAndCredit({ tx, company, cart, now }: CartContext, paidCents: number) {
  const order = await markEshopOrderPaid(tx, { companyId: company.id, cartId: cart.id, now })
  // A cancelled order gave its units back: the payment is refused (and refunded).
  if (order?.status !== 'paid') throw cartNotPayable('order cancelled')
  if (cart.customerId !== null && paidCents > 0) {
    await creditLoyalty(tx, {
      companyId: company.id,
      customerId: cart.customerId,
      orderId: order.id,
      amountCents: paidCents,
      sourceKind: 'eshop',
      now,
    })
  }
  return order.id
}

/**
 * E-shop lines. initialize writes the pending order with the stock taken (services/eshop
 * createEshopOrder, 409 outOfStock before anything is charged) in its own transaction, and gives
 * up the customer's earlier unpaid e-shop carts at the shop, so retrying does not hold the stock
 * twice. A paid cart marks the order paid; an abandoned one cancels it (units back in stock).
 */
export const eshopPurpose: PurposeHandler = {
  async prepare({ db, company, settings, customerId, body, now, guard }) {
    if (!settings.eshopEnabled) throw paymentDisabled('The online shop is not open.')
    if (customerId === undefined) throw unauthorized('Sign in to order.')
    if (body.lines.length === 0) throw badRequest('An order needs at least one line.', 'emptyOrder')
    const lines = await chargeLines(db, company.id, body.shopId, body.lines, ['2'])
    // Gift vouchers pay bookings, not products: only a coupon applies here.
    const priced = await priceCart(db, company.id, lines, {
      couponCode: body.couponCode,
      now,
      guard,
    })
    return { cartId: undefined, priced, details: {}, description: 'Online shop order' }
  },

  async attach(context, input, prepared) {
    const { tx, company, cart, now } = context
    const earlier = await tx
      .select()
      .from(carts)
      .where(
        and(
          eq(carts.companyId, company.id),
          eq(carts.customerId, cart.customerId ?? ''),
          eq(carts.shopId, cart.shopId),
          eq(carts.purpose, 'eshop'),
          inArray(carts.status, ['open', 'paying']),
        ),
      )
    for (const old of earlier.filter((row) => row.id !== cart.id)) {
      await eshopPurpose.abandon?.({ ...context, cart: old })
      await tx
        .update(carts)
        .set({ status: 'cancelled', updatedAt: now })
        .where(and(eq(carts.companyId, company.id), eq(carts.id, old.id)))
    }
    const { order } = await createEshopOrder(tx, {
      companyId: company.id,
      customerId: cart.customerId ?? '',
      shopId: cart.shopId,
      lines: input.body.lines,
      cartId: cart.id,
      currency: cart.currency,
      discountCents: prepared.priced.coupon?.discount ?? 0,
      now,
    })
    // One pricing rule: the order's total and the charge cannot differ.
    if (order.totalCents !== prepared.priced.total) {
      throw new Error(`e-shop order total ${order.totalCents} != charge ${prepared.priced.total}`)
    }
  },

  async fulfil({ tx, company, cart, chargedCents, dueAtShop, now }) {
    if (dueAtShop) {
      // Decision 012: ordered, its stock kept, to be paid at collection; paid when the shop
      // records it (collected). A cancelled order gave its units back: refused.
      const order = await eshopOrderOf(tx, { companyId: company.id, cartId: cart.id })
      if (order?.status !== 'pending') throw cartNotPayable('order cancelled')
      return order.id
    }
    return payAndCredit({ tx, company, cart, now }, chargedCents)
  },

  async collected(context) {
    return payAndCredit(context, context.amountCents)
  },

  async abandon({ tx, company, cart, now }: CartContext) {
    await cancelEshopOrder(tx, { companyId: company.id, cartId: cart.id, now })
  },
}
