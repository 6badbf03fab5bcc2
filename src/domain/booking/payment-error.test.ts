import { describe, expect, it } from 'vitest'
import { providerMessageOf } from './payment-error'

describe('payment error message (docs/product/5-rules.md, docs/product/8-errors.md)', () => {
  it('card_error and validation_error show the provider message', () => {
    expect(providerMessageOf('card_error', 'Your card was declined.')).toBe(
      'Your card was declined.',
    )
    expect(providerMessageOf('validation_error', 'Incomplete')).toBe('Incomplete')
  })

  it('any other type, no type or no message: null, the generic message', () => {
    expect(providerMessageOf('api_error', 'Internal')).toBeNull()
    expect(providerMessageOf('card_error', '  ')).toBeNull()
    expect(providerMessageOf(undefined, 'x')).toBeNull()
    expect(providerMessageOf(null, null)).toBeNull()
  })
})
