import { and, eq } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { accounts, type CartRow, gifts } from '#server/db/schema/index.ts'
import { badRequest, notFound } from '#server/kernel/index.ts'
import { findContent } from '../../content/index.ts'
import {
  activateCartGifts,
  cancelPendingGifts,
  createPendingGift,
  priceGiftPurchase,
} from '../../gifts/index.ts'
import { creditLoyalty } from '../../loyalty/index.ts'
import type { ChargedLine } from '../../pricing/index.ts'
import { cartNotPayable, paymentDisabled } from '../errors.ts'
import type { PurposeHandler } from './types.ts'

async function pendingCartGifts(tx: Tx, companyId: number, cartId: string) {
  return tx
    .select({ id: gifts.id })
    .from(gifts)
    .where(
      and(eq(gifts.companyId, companyId), eq(gifts.cartId, cartId), eq(gifts.status, 'pending')),
    )
}

/** Paid (by the provider, or recorded by the shop): the voucher is issued and points credited. */
async function activateAndCredit(
  tx: Tx,
  companyId: number,
  cart: CartRow,
  paidCents: number,
  now: Date,
): Promise<string> {
  const [gift] = await activateCartGifts(tx, { companyId, cartId: cart.id, now })
  if (!gift) throw cartNotPayable('voucher cancelled')
  if (cart.customerId !== null && paidCents > 0) {
    await creditLoyalty(tx, {
      companyId,
      customerId: cart.customerId,
      orderId: gift.id,
      amountCents: paidCents,
      sourceKind: 'gift',
      now,
    })
  }
  return gift.id
}

/**
 * A gift voucher bought for someone (docs/product/5-rules.md: offered with gifts on, a theme, payment enabled).
 * Its price is the amount chosen, within the gift service's bounds (priceGiftPurchase); no
 * coupon and no voucher apply, and no VAT is counted: a multi-purpose voucher is taxed when it
 * is spent. A visitor may buy one (the recipient gets the code by e-mail).
 */
export const giftPurpose: PurposeHandler = {
  async prepare({ db, company, settings, body }) {
    if (!settings.giftOffered) throw paymentDisabled('Gift vouchers are not offered.')
    if (!body.gift) throw badRequest('Invalid request: body.gift is required.', 'invalidInput')
    const amount = priceGiftPurchase(company, body.gift)
    if (!(await findContent(db, company.id, 'shops', { id: body.shopId }))) {
      throw notFound('No such shop.')
    }
    const line: ChargedLine = {
      articleId: `gift:${body.gift.themeId}`,
      name: {},
      quantity: 1,
      unitPrice: amount,
      total: amount,
      vatRate: undefined,
      vatAmount: 0,
    }
    return {
      cartId: undefined,
      priced: {
        lines: [line],
        subtotal: amount,
        coupon: undefined,
        vouchers: [],
        discount: 0,
        total: amount,
      },
      details: { gift: { ...body.gift } },
      description: 'Gift voucher',
    }
  },

  async attach({ tx, company, cart }, input) {
    if (!input.body.gift) return
    const [purchaser] = cart.customerId
      ? await tx
          .select({ email: accounts.email })
          .from(accounts)
          .where(and(eq(accounts.companyId, company.id), eq(accounts.id, cart.customerId)))
      : []
    await createPendingGift(tx, {
      company,
      purchase: input.body.gift,
      cartId: cart.id,
      shopId: cart.shopId,
      purchaserCustomerId: cart.customerId ?? undefined,
      purchaserEmail: purchaser?.email,
    })
  },

  async fulfil({ tx, company, cart, chargedCents, dueAtShop, now }) {
    if (dueAtShop) {
      // Decision 012: no money was verified, so no usable voucher and no e-mail with a code: it
      // stays pending (its cart paid, so never swept) until the shop records the payment.
      const [pending] = await pendingCartGifts(tx, company.id, cart.id)
      if (!pending) throw cartNotPayable('voucher cancelled')
      return pending.id
    }
    return activateAndCredit(tx, company.id, cart, chargedCents, now)
  },

  async collected({ tx, company, cart, amountCents, now }) {
    return activateAndCredit(tx, company.id, cart, amountCents, now)
  },

  async abandon({ tx, company, cart, now }) {
    await cancelPendingGifts(tx, { companyId: company.id, cartId: cart.id, now })
  },
}
