import { describe, expect, it } from 'vitest'
import { paymentState } from './payment-state'

describe('paymentState (docs/product/5-rules.md#order-bills)', () => {
  const base = { due: 6800, paid: 0, atShop: false }
  it('refunds and cancellations win', () => {
    expect(paymentState({ ...base, status: 'refunded', paid: 6800 })).toBe('refunded')
    expect(paymentState({ ...base, status: 'partiallyRefunded', paid: 3000 })).toBe(
      'partiallyRefunded',
    )
    expect(paymentState({ ...base, status: 'cancelled' })).toBe('cancelled')
  })
  it('paid when what is due was paid, due at the shop when confirmed without money', () => {
    expect(paymentState({ ...base, status: 'confirmed', paid: 6800 })).toBe('paid')
    expect(paymentState({ ...base, status: 'confirmed', due: 0 })).toBe('paid')
    expect(paymentState({ ...base, status: 'confirmed', atShop: true })).toBe('dueAtShop')
    // an e-shop order waits for collection in 'pending' when it is paid at the shop
    expect(paymentState({ ...base, status: 'pending', atShop: true })).toBe('dueAtShop')
    expect(paymentState({ ...base, status: 'confirmed', atShop: true, paid: 6800 })).toBe('paid')
  })
  it('awaiting payment otherwise', () => {
    expect(paymentState({ ...base, status: 'pending' })).toBe('pending')
    expect(paymentState({ ...base, status: 'pending', paid: 6800 })).toBe('pending')
  })
})
