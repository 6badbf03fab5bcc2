import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  appliedFrom,
  type CouponFieldEvent,
  type CouponFieldState,
  codeOf,
  couponFieldReducer,
  initialCouponField,
} from './coupon-field'

const applied = { code: 'BIENVENUE10', name: 'Bienvenue', discount: 420, total: 3780 }
const run = (events: CouponFieldEvent[], from: CouponFieldState = initialCouponField()) =>
  events.reduce(couponFieldReducer, from)

describe('coupon field state (docs/product/5-rules.md#coupons)', () => {
  it('types, applies, shows the server answer, removes', () => {
    const applying = run([{ type: 'typed', input: ' bienvenue10 ' }, { type: 'submitted' }])
    expect(applying).toEqual({ status: 'applying', input: ' bienvenue10 ' })
    const done = couponFieldReducer(applying, { type: 'accepted', applied })
    expect(done).toEqual({ status: 'applied', input: 'BIENVENUE10', applied })
    expect(couponFieldReducer(done, { type: 'removed' })).toEqual({ status: 'idle', input: '' })
  })

  it('refuses a blank code without sending it; typing clears a refusal', () => {
    const blank = run([{ type: 'typed', input: '   ' }, { type: 'submitted' }])
    expect(blank).toEqual({ status: 'refused', input: '   ', refusal: 'empty' })
    expect(couponFieldReducer(blank, { type: 'typed', input: 'X' })).toEqual({
      status: 'idle',
      input: 'X',
    })
    expect(codeOf('  ab ')).toBe('ab')
    expect(codeOf(' ')).toBeNull()
  })

  it('keeps one request at a time and drops late answers', () => {
    const applying = run([{ type: 'typed', input: 'A' }, { type: 'submitted' }])
    expect(couponFieldReducer(applying, { type: 'submitted' })).toBe(applying)
    expect(couponFieldReducer(applying, { type: 'typed', input: 'B' })).toBe(applying)
    const removed = couponFieldReducer(applying, { type: 'removed' })
    expect(couponFieldReducer(removed, { type: 'accepted', applied })).toBe(removed)
    expect(couponFieldReducer(removed, { type: 'refused', refusal: 'used' })).toBe(removed)
    const refused = couponFieldReducer(applying, { type: 'refused', refusal: 'expired' })
    expect(refused).toEqual({ status: 'refused', input: 'A', refusal: 'expired' })
  })

  it('starts applied with a code the cart already applied', () => {
    expect(initialCouponField(applied)).toEqual({
      status: 'applied',
      input: 'BIENVENUE10',
      applied,
    })
    expect(initialCouponField(null)).toEqual({ status: 'idle', input: '' })
  })

  it('an applied coupon only leaves through remove, whatever else happens', () => {
    const event = fc.oneof(
      fc.record({ type: fc.constant('typed' as const), input: fc.string() }),
      fc.constant({ type: 'submitted' as const }),
      fc.constant({ type: 'refused' as const, refusal: 'used' as const }),
      fc.constant({ type: 'accepted' as const, applied: { ...applied, code: 'OTHER' } }),
    )
    fc.assert(
      fc.property(fc.array(event), (events) => {
        const from = initialCouponField(applied)
        expect(run(events, from)).toBe(from)
      }),
    )
  })
})

describe('appliedFrom', () => {
  it('reads the server answer: its code, the name in the language, its amounts', () => {
    const answer = {
      coupon: { code: 'HIVER15', name: { fr: 'Hiver', en: 'Winter' } },
      discount: { amount: 975 },
      total: { amount: 5525 },
    }
    expect(appliedFrom(answer, 'hiver15', 'en')).toEqual({
      code: 'HIVER15',
      name: 'Winter',
      discount: 975,
      total: 5525,
    })
    expect(appliedFrom(answer, 'hiver15', 'de').name).toBe('Hiver')
    expect(appliedFrom({ ...answer, coupon: {} }, ' hiver15 ', 'fr')).toMatchObject({
      code: 'hiver15',
      name: '',
    })
  })
})
