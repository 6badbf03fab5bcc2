import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { vatIncluded, vatRateOf } from './vat'

describe('vatIncluded (docs/decisions/011-price-rule.md: each line’s VAT from its own rate, rounded once)', () => {
  it('is total × rate / (100 + rate) to the minor unit', () => {
    expect(vatIncluded(7500, 20)).toBe(1250)
    expect(vatIncluded(12000, 20)).toBe(2000)
    expect(vatIncluded(9550, 20)).toBe(1592) // 1591.67
    expect(vatIncluded(1055, 5.5)).toBe(55)
  })
  it('rounds half up, also where floating point would not', () => {
    // 6 × 20 / 120 = 1 exactly; 3 × 20 / 120 = 0.5 → 1
    expect(vatIncluded(3, 20)).toBe(1)
    expect(vatIncluded(9, 20)).toBe(2) // 1.5 → 2
    // 211 × 5.5 / 105.5 = 11 exactly; 201 × 10 / 110 = 18.27
    expect(vatIncluded(211, 5.5)).toBe(11)
    expect(vatIncluded(201, 10)).toBe(18)
    // 2215 × 5 / 105 = 105.48 → 105; 21 × 21 / 121 = 3.64 → 4
    expect(vatIncluded(2215, 5)).toBe(105)
    expect(vatIncluded(21, 21)).toBe(4)
    expect(vatIncluded(1, 100)).toBe(1) // 0.5 → 1
  })
  it('no rate or 0 % gives no VAT; a negative line mirrors the positive one', () => {
    expect(vatIncluded(7500, undefined)).toBe(0)
    expect(vatIncluded(7500, 0)).toBe(0)
    expect(vatIncluded(-9, 20)).toBe(-2)
  })
  it('the rate is the article’s booker.vat, else its vat (the server’s precedence)', () => {
    expect(vatRateOf({ vat: 20, booker: { vat: 5.5 } })).toBe(5.5)
    expect(vatRateOf({ vat: 20, booker: {} })).toBe(20)
    expect(vatRateOf({ booker: {} })).toBeUndefined()
  })
})

const total = fc.integer({ min: 0, max: 1_000_000_000 })
const rate = fc.oneof(
  fc.constantFrom(2.1, 5.5, 7, 10, 19, 20, 21, 22),
  fc.integer({ min: 0, max: 100_000 }).map((r) => r / 1000),
)

describe('vatIncluded properties (fast-check)', () => {
  it('is the exact quotient rounded half up: |vat − exact| ≤ ½, and a half goes up', () => {
    fc.assert(
      fc.property(total, rate, (t, r) => {
        const scaled = Math.round(r * 1000)
        // exact rational comparison: 2·|vat·(100000+s) − t·s| ≤ (100000+s)
        const vat = vatIncluded(t, r)
        const gap = vat * (100_000 + scaled) - t * scaled
        expect(2 * Math.abs(gap)).toBeLessThanOrEqual(100_000 + scaled)
        if (2 * Math.abs(gap) === 100_000 + scaled) expect(gap).toBeGreaterThan(0)
      }),
    )
  })
  it('is an integer between 0 and the total, and never decreases with the total', () => {
    fc.assert(
      fc.property(total, total, rate, (a, b, r) => {
        const [low, high] = a <= b ? [a, b] : [b, a]
        const vat = vatIncluded(low, r)
        expect(Number.isInteger(vat)).toBe(true)
        expect(vat).toBeGreaterThanOrEqual(0)
        expect(vat).toBeLessThanOrEqual(low)
        expect(vatIncluded(high, r)).toBeGreaterThanOrEqual(vat)
      }),
    )
  })
  it('a negative total mirrors the positive one', () => {
    fc.assert(
      fc.property(total, rate, (t, r) => {
        expect(vatIncluded(-t, r) + vatIncluded(t, r)).toBe(0)
      }),
    )
  })
})
