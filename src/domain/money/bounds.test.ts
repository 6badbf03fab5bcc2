import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  INT4_MAX,
  isBoundedAmount,
  isLineQuantity,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  MAX_MINOR_AMOUNT,
} from './bounds'

describe('money bounds', () => {
  it('accept 1..99 units and refuse 0, 100, fractions and huge numbers', () => {
    expect([1, 99].map(isLineQuantity)).toEqual([true, true])
    expect([0, -1, 100, 1.5, 2 ** 31, Number.NaN].map(isLineQuantity)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })

  it('accept amounts within 0..MAX_MINOR_AMOUNT only', () => {
    expect([0, MAX_MINOR_AMOUNT].map(isBoundedAmount)).toEqual([true, true])
    expect([-1, MAX_MINOR_AMOUNT + 1, 0.5].map(isBoundedAmount)).toEqual([false, false, false])
  })

  it('a bounded amount fits an int4 column, and any bounded cart is exact in JS', () => {
    expect(MAX_MINOR_AMOUNT).toBeLessThanOrEqual(INT4_MAX)
    expect(MAX_LINE_QUANTITY * MAX_CART_LINES * MAX_MINOR_AMOUNT).toBeLessThan(
      Number.MAX_SAFE_INTEGER,
    )
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unit: fc.integer({ min: 0, max: MAX_MINOR_AMOUNT }),
            quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
          }),
          { maxLength: MAX_CART_LINES },
        ),
        (lines) => {
          const total = lines.reduce((sum, line) => sum + line.unit * line.quantity, 0)
          expect(Number.isSafeInteger(total)).toBe(true)
        },
      ),
    )
  })
})
