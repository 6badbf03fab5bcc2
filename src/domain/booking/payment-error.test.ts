import { describe, expect, it } from 'vitest'
import { paymentErrorMessage, providerMessageOf } from './payment-error'

describe('payment error message (spec §5, §8)', () => {
  it('card_error and validation_error show the provider message', () => {
    expect(providerMessageOf('card_error', 'Your card was declined.')).toBe(
      'Your card was declined.',
    )
    expect(paymentErrorMessage({ type: 'validation_error', message: 'Incomplete' }, 'G')).toBe(
      'Incomplete',
    )
  })

  it('any other type, no type or no message gives the generic message', () => {
    expect(paymentErrorMessage({ type: 'api_error', message: 'Internal' }, 'G')).toBe('G')
    expect(paymentErrorMessage({ type: 'card_error', message: '  ' }, 'G')).toBe('G')
    expect(paymentErrorMessage({ message: 'x' }, 'G')).toBe('G')
    expect(paymentErrorMessage(null, 'G')).toBe('G')
  })
})
