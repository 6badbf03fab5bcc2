import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { couponLimitRefusal, isLimited } from './limits'

describe('coupon usage limits (docs/product/5-rules.md#coupons)', () => {
  it('refuses at the total limit, not below it', () => {
    const limits = { maxUses: 2 }
    expect(couponLimitRefusal(limits, { total: 1, byCustomer: 0 }, true)).toBeUndefined()
    expect(couponLimitRefusal(limits, { total: 2, byCustomer: 0 }, true)).toBe('couponUsed')
    expect(couponLimitRefusal(limits, { total: 2, byCustomer: undefined }, false)).toBe(
      'couponUsed',
    )
  })

  it('refuses at the per-customer limit; a visitor may preview but not redeem', () => {
    const limits = { maxUsesPerCustomer: 1 }
    expect(couponLimitRefusal(limits, { total: 50, byCustomer: 0 }, true)).toBeUndefined()
    expect(couponLimitRefusal(limits, { total: 50, byCustomer: 1 }, true)).toBe('couponUsed')
    expect(couponLimitRefusal(limits, { total: 50, byCustomer: 1 }, false)).toBe('couponUsed')
    expect(couponLimitRefusal(limits, { total: 0, byCustomer: undefined }, false)).toBeUndefined()
    expect(couponLimitRefusal(limits, { total: 0, byCustomer: undefined }, true)).toBe(
      'couponSignIn',
    )
  })

  it('never refuses an unlimited coupon', () => {
    expect(isLimited({})).toBe(false)
    expect(isLimited({ maxUses: 3 })).toBe(true)
    fc.assert(
      fc.property(fc.nat(), fc.option(fc.nat(), { nil: undefined }), fc.boolean(), (t, c, r) => {
        expect(couponLimitRefusal({}, { total: t, byCustomer: c }, r)).toBeUndefined()
      }),
    )
  })

  it('allows exactly maxUses uses when uses are taken one after another', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 80 }), (max, n) => {
        let taken = 0
        for (let i = 0; i < n; i++) {
          if (!couponLimitRefusal({ maxUses: max }, { total: taken, byCustomer: 0 }, true)) taken++
        }
        expect(taken).toBe(Math.min(max, n))
      }),
    )
  })
})
