import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { deskAmountText, parseDeskAmount, refundableOf } from './desk-amount'

describe('desk amounts', () => {
  it('reads major units with a dot or a comma', () => {
    expect(parseDeskAmount('42')).toBe(4200)
    expect(parseDeskAmount('42,5')).toBe(4250)
    expect(parseDeskAmount(' 42.05 ')).toBe(4205)
    for (const bad of ['', '0', '-3', '4.567', '1e3', 'abc', '0.00']) {
      expect(parseDeskAmount(bad)).toBeUndefined()
    }
  })

  it('writes what it reads back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), (minor) => {
        expect(parseDeskAmount(deskAmountText(minor))).toBe(minor)
      }),
    )
  })

  it('refunds at most what a paid order has not given back yet', () => {
    expect(refundableOf({ total: 4200, refunded: 1000, payment: 'partiallyRefunded' })).toBe(3200)
    expect(refundableOf({ total: 4200, refunded: 0, payment: 'dueAtShop' })).toBe(0)
    expect(refundableOf({ total: 4200, refunded: 4200, payment: 'refunded' })).toBe(0)
  })
})
