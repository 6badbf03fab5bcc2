import { and, eq } from 'drizzle-orm'
import { accounts } from '../../../db/schema/index.ts'
import { badRequest, notFound } from '../../../http/errors.ts'
import { findContent } from '../../content/repository.ts'
import {
  activateCartGifts,
  cancelPendingGifts,
  createPendingGift,
  priceGiftPurchase,
} from '../../gifts/index.ts'
import { creditLoyalty } from '../../loyalty/index.ts'
import { cartNotPayable, paymentDisabled } from '../errors.ts'
import type { ChargedLine } from '../pricing/index.ts'
import type { PurposeHandler } from './types.ts'

/**
 * A gift voucher bought for someone (spec §5: offered with gifts on, a theme, payment enabled).
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

  async fulfil({ tx, company, cart, chargedCents, now }) {
    const [gift] = await activateCartGifts(tx, { companyId: company.id, cartId: cart.id, now })
    if (!gift) throw cartNotPayable('voucher cancelled')
    if (cart.customerId !== null && chargedCents > 0) {
      await creditLoyalty(tx, {
        companyId: company.id,
        customerId: cart.customerId,
        orderId: gift.id,
        amountCents: chargedCents,
        sourceKind: 'gift',
        now,
      })
    }
    return gift.id
  },

  async abandon({ tx, company, cart, now }) {
    await cancelPendingGifts(tx, { companyId: company.id, cartId: cart.id, now })
  },
}
