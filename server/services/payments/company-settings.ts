import * as z from 'zod/mini'
import {
  bookerAppointment,
  bookerCurrency,
  bookerPayment,
  giftTheme,
  type PaymentProvider,
} from '#contract/booker-commerce.ts'
import { flag, maybe } from '#contract/common.ts'
import { isEshopEnabled } from '#domain/company/eshop-enabled.ts'
import { isGiftOffered } from '#domain/company/gift-offered.ts'
import { isPaymentEnabled, resolvePaymentProvider } from '#domain/company/payment-enabled.ts'
import { isServicePaymentOn } from '#domain/company/service-payment.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'

/** The company settings payments read (docs/product/3-entities.md booker.payment, docs/product/6-roles.md enablement). */
const companyPayment = z.object({
  stripeConnectEnabled: flag(false),
  stripeConnectId: maybe(z.string()),
  booker: z.prefault(
    z.object({
      payment: bookerPayment,
      appointment: bookerAppointment,
      mCurrency: bookerCurrency,
      gift: flag(false),
      gifts: z.prefault(z.object({ themes: z._default(z.array(giftTheme), []) }), {}),
      eshopEnabled: flag(false),
      products: z.prefault(z.object({ active: flag(false) }), {}),
    }),
    {},
  ),
})

function hasPaymentBlock(company: CompanyRow): boolean {
  const booker = company.data.booker
  return typeof booker === 'object' && booker !== null && 'payment' in booker && !!booker.payment
}

export interface PaymentSettings {
  /** null: the settings name no provider we know (a typo is not a working payment) */
  readonly provider: PaymentProvider | null
  /** docs/product/6-roles.md: stripe and payzen need a public key; the others are always enabled */
  readonly enabled: boolean
  readonly servicePayment: boolean
  readonly giftOffered: boolean
  readonly eshopEnabled: boolean
  readonly currency: string
  /** minor-unit digits of the currency (2 for EUR): PayPal and Monetico write decimals */
  readonly precision: number
  /** stripe connect: the connected account payments are created on */
  readonly stripeAccount: string | undefined
  /** booker.payment.keys.publicKey: what the browser's provider form needs (public) */
  readonly publicKey: string | null
}

// Company rows are cached by the resolver: parsing once per row object is enough.
const cache = new WeakMap<CompanyRow, PaymentSettings>()

/**
 * A company whose settings break the contract pays with nothing: enabled false, so initialize
 * refuses rather than charging with guessed settings.
 */
export function paymentSettingsOf(company: CompanyRow): PaymentSettings {
  const hit = cache.get(company)
  if (hit) return hit
  const parsed = companyPayment.safeParse(company.data)
  const settings: PaymentSettings = parsed.success
    ? {
        provider: resolvePaymentProvider(parsed.data.booker.payment),
        enabled: isPaymentEnabled(parsed.data.booker.payment),
        servicePayment: isServicePaymentOn(parsed.data),
        giftOffered: isGiftOffered(parsed.data),
        // docs/product/6-roles.md: the shop needs a payment block that exists, not one the parse defaulted
        eshopEnabled: isEshopEnabled({
          booker: {
            ...(hasPaymentBlock(company) ? { payment: parsed.data.booker.payment } : {}),
            eshopEnabled: parsed.data.booker.eshopEnabled,
            products: parsed.data.booker.products,
          },
        }),
        currency: parsed.data.booker.mCurrency.code,
        precision: parsed.data.booker.mCurrency.precision,
        stripeAccount: parsed.data.stripeConnectEnabled ? parsed.data.stripeConnectId : undefined,
        publicKey: parsed.data.booker.payment.keys.publicKey ?? null,
      }
    : {
        provider: null,
        enabled: false,
        servicePayment: false,
        giftOffered: false,
        eshopEnabled: false,
        currency: 'EUR',
        precision: 2,
        stripeAccount: undefined,
        publicKey: null,
      }
  cache.set(company, settings)
  return settings
}
