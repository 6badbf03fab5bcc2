import {
  isPaymentEnabled,
  type PaymentSettingsLike,
  resolvePaymentProvider,
} from './payment-enabled'

export interface EshopCompanyLike {
  booker?:
    | {
        payment?: PaymentSettingsLike | null | undefined
        eshopEnabled?: boolean | null | undefined
        products?: { active?: boolean | null | undefined } | null | undefined
      }
    | null
    | undefined
}

/**
 * The online shop is enabled only if payment is configured, the provider is not monetico and
 * eshopEnabled is true (docs/product/6-roles.md). "Configured" means a payment block exists and its provider is
 * enabled: the free default stands in for a missing provider name, not for missing settings,
 * because selling products without any payment setup is never intended. The products module
 * (booker.products.active, docs/product/3-entities.md "products on", off unless set) must be on
 * too: without products the e-shop has nothing to sell, so its pages, menu entries, cart and
 * checkout all follow this one rule (docs/decisions/063-last-partial-rows-of-the-api.md).
 */
export function isEshopEnabled(company: EshopCompanyLike | null | undefined): boolean {
  const booker = company?.booker
  const payment = booker?.payment
  if (!payment || booker?.eshopEnabled !== true) return false
  if (booker.products?.active !== true) return false
  return resolvePaymentProvider(payment) !== 'monetico' && isPaymentEnabled(payment)
}
