import { isPaymentEnabled, type PaymentSettingsLike } from './payment-enabled'

export interface GiftCompanyLike {
  booker?:
    | {
        gift?: boolean | null | undefined
        gifts?: { themes?: readonly unknown[] | null | undefined } | null | undefined
        payment?: PaymentSettingsLike | null | undefined
      }
    | null
    | undefined
}

/**
 * Gift vouchers are offered (giftActive, which also gates the gift links) only when the gift
 * option is on, at least one gift theme exists and payment is enabled (docs/product/5-rules.md, docs/product/6-roles.md).
 */
export function isGiftOffered(company: GiftCompanyLike | null | undefined): boolean {
  const booker = company?.booker
  return (
    booker?.gift === true &&
    (booker.gifts?.themes?.length ?? 0) > 0 &&
    isPaymentEnabled(booker.payment)
  )
}
