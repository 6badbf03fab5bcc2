import type * as z from 'zod/mini'
import type { giftPurchase } from '#contract/payment.ts'
import { GIFT_MAX_AMOUNT, GIFT_MIN_AMOUNT } from '#domain/gift/gift-form.ts'
import type { Tx } from '#server/db/client.ts'
import { type CompanyRow, type GiftRow, gifts } from '#server/db/schema/index.ts'
import { badRequest, commerceSettings } from '#server/kernel/index.ts'
import { generateGiftCode } from './code.ts'

/** Bounds of a voucher's amount: the rule the gift form shows is the rule the server applies. */
export const GIFT_MIN_CENTS = GIFT_MIN_AMOUNT
export const GIFT_MAX_CENTS = GIFT_MAX_AMOUNT

export type GiftPurchase = z.output<typeof giftPurchase>

export interface PendingGiftInput {
  readonly company: CompanyRow
  readonly purchase: GiftPurchase
  /** the cart the payment pays (must exist: foreign key) */
  readonly cartId?: string | undefined
  readonly shopId?: string | undefined
  readonly purchaserCustomerId?: string | undefined
  readonly purchaserEmail?: string | undefined
  /** the sender's name as the recipient will read it */
  readonly fromName?: string | undefined
}

/**
 * What a voucher purchase costs, after the checks of docs/product/5-rules.md the server can make: gifts on, the
 * theme one of the company's, the amount within bounds. 400 otherwise, before anything is written.
 */
export function priceGiftPurchase(company: CompanyRow, purchase: GiftPurchase): number {
  const settings = commerceSettings(company)
  if (!settings.gift || settings.gifts.themes.length === 0) {
    throw badRequest('Gift vouchers are not offered.', 'giftsDisabled')
  }
  if (!settings.gifts.themes.some((theme) => theme.id === purchase.themeId)) {
    throw badRequest('Unknown gift theme.', 'unknownGiftTheme')
  }
  const { amount } = purchase
  if (!Number.isInteger(amount) || amount < GIFT_MIN_CENTS || amount > GIFT_MAX_CENTS) {
    throw badRequest(
      `A gift amount is between ${GIFT_MIN_CENTS} and ${GIFT_MAX_CENTS} minor units.`,
      'invalidGiftAmount',
    )
  }
  return amount
}

/**
 * A voucher waiting for its payment ('pending': not usable, not listed, no e-mail yet). The code
 * is drawn now, so it is the same on every retry of the activation. A code already taken in the
 * company is drawn again (`on conflict do nothing`: a failed insert would abort the transaction).
 */
export async function createPendingGift(tx: Tx, input: PendingGiftInput): Promise<GiftRow> {
  const amount = priceGiftPurchase(input.company, input.purchase)
  const { purchase } = input
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(gifts)
      .values({
        companyId: input.company.id,
        code: generateGiftCode(),
        status: 'pending',
        themeId: purchase.themeId,
        amountCents: amount,
        remainingCents: amount,
        currency: commerceSettings(input.company).mCurrency.code,
        recipientName: purchase.to,
        recipientEmail: purchase.email.toLowerCase(),
        fromName: input.fromName ?? null,
        message: purchase.message ?? null,
        purchaserCustomerId: input.purchaserCustomerId ?? null,
        purchaserEmail: input.purchaserEmail?.toLowerCase() ?? null,
        shopId: input.shopId ?? null,
        cartId: input.cartId ?? null,
      })
      .onConflictDoNothing()
      .returning()
    if (row) return row
  }
  throw new Error('could not draw a free gift code')
}
