import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type Coupon, coupon } from '#contract/coupon.ts'
import { Refusal } from '#server/kernel/index.ts'
import { discountOf } from './coupon-discount.ts'

const now = new Date('2026-06-01T12:00:00Z')
const make = (fields: Partial<Record<keyof Coupon, unknown>>): Coupon =>
  coupon.parse({ id: 'c', reductionType: 'percentage', amount: 10, ...fields })
const line = (articleId: string, unitPrice: number, quantity = 1) => ({
  articleId,
  unitPrice,
  quantity,
})
const failure = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error instanceof Refusal ? `${error.status} ${error.type}` : 'not a Refusal'
  }
  return 'no error'
}

describe('discountOf', () => {
  it('takes a percentage of the eligible lines, rounded to the nearest minor unit', () => {
    const c = make({ amount: 15, serviceIds: ['a'] })
    expect(discountOf(c, [line('a', 3333, 1), line('b', 1000)], now)).toEqual({
      discount: 500,
      total: 3833,
    })
  })

  it('caps an amount by the eligible lines, so the total never goes below zero', () => {
    const c = make({ reductionType: 'amount', amount: 5000 })
    expect(discountOf(c, [line('a', 1200, 2)], now)).toEqual({ discount: 2400, total: 0 })
  })

  it('is expired outside its window or when switched off', () => {
    for (const fields of [
      { active: false },
      { end: '2026-05-31T23:59:59Z' },
      { start: '2026-06-02T00:00:00Z' },
    ]) {
      expect(failure(() => discountOf(make(fields), [line('a', 100)], now))).toBe(
        '400 couponExpired',
      )
    }
    const inWindow = make({ start: '2026-01-01T00:00:00Z', end: '2026-12-31T00:00:00Z' })
    expect(discountOf(inWindow, [line('a', 100)], now).discount).toBe(10)
  })

  it('does not apply under its minimum, nor to a cart without its services', () => {
    expect(failure(() => discountOf(make({ minAmount: 5000 }), [line('a', 4999)], now))).toBe(
      '400 couponNotApplicable',
    )
    expect(failure(() => discountOf(make({ serviceIds: ['z'] }), [line('a', 100)], now))).toBe(
      '400 couponNotApplicable',
    )
    expect(failure(() => discountOf(make({}), [], now))).toBe('400 couponNotApplicable')
  })

  it('refuses a cart whose total is beyond exact integers', () => {
    const huge = [line('a', 2 ** 40, 2 ** 20)]
    expect(failure(() => discountOf(make({}), huge, now))).toBe('400 invalidInput')
  })
})

describe('discountOf properties (docs/product/5-rules.md#coupons, docs/product/9-constants.md#money-bounds)', () => {
  const lines = fc.array(
    fc.record({
      articleId: fc.constantFrom('a', 'b', 'c'),
      unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
      quantity: fc.integer({ min: 1, max: 99 }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  const couponOf = fc.oneof(
    fc.record({
      reductionType: fc.constant('percentage'),
      amount: fc.integer({ min: 0, max: 100 }),
      serviceIds: fc.subarray(['a', 'b']),
    }),
    fc.record({
      reductionType: fc.constant('amount'),
      amount: fc.integer({ min: 0, max: 5_000_000 }),
      serviceIds: fc.subarray(['a', 'b']),
    }),
  )
  const eligibleBase = (
    c: Coupon,
    ls: readonly { articleId: string; unitPrice: number; quantity: number }[],
  ) =>
    ls
      .filter((l) => c.serviceIds.length === 0 || c.serviceIds.includes(l.articleId))
      .reduce((sum, l) => sum + l.unitPrice * l.quantity, 0)

  it('never negative, never more than the eligible lines, total = subtotal - discount', () => {
    fc.assert(
      fc.property(couponOf, lines, (fields, ls) => {
        const c = make(fields)
        const subtotal = ls.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0)
        let result: { discount: number; total: number }
        try {
          result = discountOf(c, ls, now)
        } catch (error) {
          // the only refusal here: none of the lines is among its services
          expect(error instanceof Refusal && error.type).toBe('couponNotApplicable')
          expect(ls.some((l) => c.serviceIds.includes(l.articleId))).toBe(false)
          return
        }
        expect(Number.isInteger(result.discount)).toBe(true)
        expect(result.discount).toBeGreaterThanOrEqual(0)
        expect(result.discount).toBeLessThanOrEqual(eligibleBase(c, ls))
        expect(result.discount).toBeLessThanOrEqual(subtotal)
        expect(result.total).toBe(subtotal - result.discount)
        expect(result.total).toBeGreaterThanOrEqual(0)
      }),
    )
  })

  it('rounds a percentage once, on the eligible sum (not line by line)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), lines, (amount, ls) => {
        const c = make({ amount, serviceIds: [] })
        const base = eligibleBase(c, ls)
        const { discount } = discountOf(c, ls, now)
        expect(discount).toBe(Math.round((base * amount) / 100))
        // at most half a cent from the exact value
        expect(Math.abs(discount - (base * amount) / 100)).toBeLessThanOrEqual(0.5)
      }),
    )
  })
})
