/**
 * Payment enablement per provider (docs/product/6-roles.md, docs/product/7-calls.md). Providers: stripe, payzen, saferpay, free,
 * paypal, monetico; no provider means free.
 */

export type PaymentProvider = 'stripe' | 'payzen' | 'saferpay' | 'free' | 'paypal' | 'monetico'

/** company.booker.payment (docs/product/3-entities.md). */
export interface PaymentSettingsLike {
  provider?: string | null | undefined
  keys?: { publicKey?: string | null | undefined } | null | undefined
}

const PROVIDERS: readonly string[] = ['stripe', 'payzen', 'saferpay', 'free', 'paypal', 'monetico']

function isProvider(value: string): value is PaymentProvider {
  return PROVIDERS.includes(value)
}

/**
 * The provider in use: 'free' when none is set, null when the value names no known provider
 * (a typo in the settings must not be taken for a working payment).
 */
export function resolvePaymentProvider(
  payment: PaymentSettingsLike | null | undefined,
): PaymentProvider | null {
  const provider = payment?.provider?.trim().toLowerCase() ?? ''
  if (provider === '') return 'free'
  return isProvider(provider) ? provider : null
}

/**
 * Why the company's provider cannot take a payment, or null when it can. stripe and payzen load
 * a payment form that needs the public key; paypal loads its SDK with the company's client id
 * (the same field, decision 024: no sandbox fallback), so all three need it; saferpay and
 * monetico are always enabled; free (the default) too.
 */
export function paymentDisabledReason(
  payment: PaymentSettingsLike | null | undefined,
): string | null {
  const provider = resolvePaymentProvider(payment)
  if (provider === null) return `unknown payment provider "${payment?.provider ?? ''}"`
  const needsKey = provider === 'stripe' || provider === 'payzen' || provider === 'paypal'
  if (needsKey && (payment?.keys?.publicKey?.trim() ?? '') === '') {
    const key = provider === 'paypal' ? 'client id' : 'public key'
    return `${provider} has no ${key} (company.booker.payment.keys.publicKey)`
  }
  return null
}

export function isPaymentEnabled(payment: PaymentSettingsLike | null | undefined): boolean {
  return paymentDisabledReason(payment) === null
}
