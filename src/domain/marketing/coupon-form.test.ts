import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { coupon, couponBody } from '#contract/coupon'
import {
  type CouponFormInput,
  couponFormErrors,
  couponValues,
  parseAmount,
  parsePercent,
} from './coupon-form'

const base: CouponFormInput = {
  code: 'SPRING',
  reductionType: 'percentage',
  amount: '15',
  minAmount: '',
  maxUses: '',
  maxUsesPerCustomer: '',
  start: '',
  end: '',
  active: true,
  automatic: false,
}

describe('the coupon form', () => {
  it('takes a whole percent from 1 to 100, nothing else', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 500 }), (n) => {
        expect(parsePercent(String(n))).toBe(n >= 1 && n <= 100 ? n : null)
      }),
    )
    for (const text of ['12.5', '1e2', '', 'abc', '0']) expect(parsePercent(text)).toBeNull()
  })

  it('reads a typed amount in major units as the same minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), (minor) => {
        const text = `${Math.trunc(minor / 100)},${String(minor % 100).padStart(2, '0')}`
        expect(parseAmount(text, 2)).toBe(minor)
        expect(parseAmount(text.replace(',', '.'), 2)).toBe(minor)
      }),
    )
    expect(parseAmount('0', 2)).toBeNull()
    expect(parseAmount('12,345', 2)).toBeNull()
    expect(parseAmount('-3', 2)).toBeNull()
  })

  it('sends only what the server accepts: every value it sends parses as a couponBody', () => {
    const field = fc.oneof(
      fc.constant(''),
      fc.integer({ min: -5, max: 200 }).map(String),
      fc.string(),
    )
    const when = fc.oneof(
      fc.constant(''),
      fc
        .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 0, 1) })
        .map((ms) => new Date(ms).toISOString()),
    )
    const input = fc.record({
      code: fc.oneof(fc.constant(''), fc.constant('CODE'), fc.string()),
      reductionType: fc.constantFrom('percentage' as const, 'amount' as const),
      amount: field,
      minAmount: field,
      maxUses: field,
      maxUsesPerCustomer: field,
      start: when,
      end: when,
      active: fc.boolean(),
      automatic: fc.boolean(),
    })
    fc.assert(
      fc.property(input, (form) => {
        const values = couponValues(form, 2)
        const errors = couponFormErrors(form, 2)
        expect(values === undefined).toBe(Object.keys(errors).length > 0)
        if (values) {
          expect(couponBody.safeParse(values).success).toBe(true)
          expect(coupon.safeParse({ id: 'c1', ...values }).success).toBe(true)
        }
      }),
    )
  })

  it('names the field that is wrong', () => {
    expect(couponFormErrors({ ...base, amount: '150' })).toEqual({ amount: 'percentRange' })
    expect(couponFormErrors({ ...base, reductionType: 'amount', amount: '0' })).toEqual({
      amount: 'amountInvalid',
    })
    expect(couponFormErrors({ ...base, code: ' ' })).toEqual({ code: 'required' })
    expect(
      couponFormErrors({ ...base, code: '', automatic: true, maxUsesPerCustomer: '1' }),
    ).toEqual({
      maxUsesPerCustomer: 'perCustomerAutomatic',
    })
    const late = { start: '2026-06-01T00:00:00.000Z', end: '2026-05-01T00:00:00.000Z' }
    expect(couponFormErrors({ ...base, ...late })).toEqual({ end: 'endBeforeStart' })
    expect(
      couponValues({ ...base, reductionType: 'amount', amount: '12,50', maxUses: '3' }, 2),
    ).toEqual({
      code: 'SPRING',
      reductionType: 'amount',
      amount: 1250,
      minAmount: 0,
      maxUses: 3,
      active: true,
      automatic: false,
    })
  })
})
