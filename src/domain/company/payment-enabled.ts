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
 * stripe and payzen load a payment form that needs the public key, so they are enabled only with
 * one; saferpay, monetico and paypal are always enabled; free (the default) too.
 */
export function isPaymentEnabled(payment: PaymentSettingsLike | null | undefined): boolean {
  const provider = resolvePaymentProvider(payment)
  if (provider === 'stripe' || provider === 'payzen') {
    return (payment?.keys?.publicKey?.trim() ?? '') !== ''
  }
  return provider !== null
}
