import { describe, expect, it } from 'vitest'
import { apiBase, companySuffix, secretsFor } from './secrets.ts'

describe('provider secrets', () => {
  it('reads a company value before the shared one', () => {
    const env = {
      STRIPE_SECRET_KEY: 'sk_shared',
      STRIPE_SECRET_KEY__MAISON_LUMIERE: 'sk_maison',
      PAYPAL_CLIENT_ID: '  ',
    }
    expect(companySuffix('maison-lumiere')).toBe('MAISON_LUMIERE')
    const maison = secretsFor({ token: 'maison-lumiere' }, env)
    expect(maison('STRIPE_SECRET_KEY')).toBe('sk_maison')
    expect(secretsFor({ token: 'bains.du~lac' }, env)('STRIPE_SECRET_KEY')).toBe('sk_shared')
    // blank is unset
    expect(maison('PAYPAL_CLIENT_ID')).toBeUndefined()
    expect(maison('NOPE')).toBeUndefined()
  })

  it('takes API bases from the environment, without a trailing slash', () => {
    const read = secretsFor({ token: 't' }, { STRIPE_API_BASE: 'http://127.0.0.1:9/' })
    expect(apiBase(read, 'STRIPE_API_BASE', 'https://api.stripe.com')).toBe('http://127.0.0.1:9')
    expect(apiBase(read, 'PAYPAL_API_BASE', 'https://api-m.sandbox.paypal.com')).toBe(
      'https://api-m.sandbox.paypal.com',
    )
  })
})
