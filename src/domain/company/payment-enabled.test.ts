import { describe, expect, it } from 'vitest'
import { isPaymentEnabled, paymentDisabledReason, resolvePaymentProvider } from './payment-enabled'

describe('payment enablement (docs/product/6-roles.md, docs/product/7-calls.md providers)', () => {
  it('stripe, payzen and paypal (its client id, decision 024) are enabled only with a public key', () => {
    for (const provider of ['stripe', 'payzen', 'paypal']) {
      expect(isPaymentEnabled({ provider, keys: { publicKey: 'pk_test_1' } })).toBe(true)
      expect(isPaymentEnabled({ provider, keys: { publicKey: '' } })).toBe(false)
      expect(isPaymentEnabled({ provider, keys: { publicKey: '  ' } })).toBe(false)
      expect(isPaymentEnabled({ provider, keys: null })).toBe(false)
      expect(isPaymentEnabled({ provider })).toBe(false)
    }
  })

  it('saferpay and monetico are always enabled', () => {
    for (const provider of ['saferpay', 'monetico']) {
      expect(isPaymentEnabled({ provider })).toBe(true)
    }
  })

  it('says why a provider is not enabled (logged by the booking cart)', () => {
    expect(paymentDisabledReason({ provider: 'paypal', keys: { publicKey: ' ' } })).toBe(
      'paypal has no client id (company.booker.payment.keys.publicKey)',
    )
    expect(paymentDisabledReason({ provider: 'stripe' })).toBe(
      'stripe has no public key (company.booker.payment.keys.publicKey)',
    )
    expect(paymentDisabledReason({ provider: 'bitcoin' })).toBe(
      'unknown payment provider "bitcoin"',
    )
    expect(paymentDisabledReason({ provider: 'paypal', keys: { publicKey: 'AbC' } })).toBeNull()
  })

  it('free is the default when no provider is set, and is always enabled', () => {
    expect(resolvePaymentProvider(undefined)).toBe('free')
    expect(resolvePaymentProvider({ provider: '' })).toBe('free')
    expect(resolvePaymentProvider({ provider: null })).toBe('free')
    expect(isPaymentEnabled(undefined)).toBe(true)
    expect(isPaymentEnabled({ provider: 'free' })).toBe(true)
  })

  it('provider names are read case-insensitively; unknown providers are not enabled', () => {
    expect(resolvePaymentProvider({ provider: 'Stripe' })).toBe('stripe')
    expect(resolvePaymentProvider({ provider: 'bitcoin' })).toBeNull()
    expect(isPaymentEnabled({ provider: 'bitcoin' })).toBe(false)
  })
})
