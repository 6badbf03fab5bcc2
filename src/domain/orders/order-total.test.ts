import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { vatIncluded } from '../money/vat'
import { orderBill } from './order-total'

const line = fc.record({
  unitPrice: fc.integer({ min: 0, max: 100_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
  vatRate: fc.option(fc.constantFrom(0, 5.5, 10, 20), { nil: undefined }),
})
const bill = fc.record({
  lines: fc.array(line, { maxLength: 8 }),
  coupon: fc.integer({ min: 0, max: 2_000_000 }),
  vouchers: fc.array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 3 }),
})

/** What the payment charges, as server/services/pricing computes it (priceCart). */
function charged(input: {
  lines: readonly { unitPrice: number; quantity: number }[]
  coupon: number
  vouchers: readonly number[]
}) {
  const subtotal = input.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0)
  const afterCoupon = subtotal - Math.min(input.coupon, subtotal)
  let left = afterCoupon
  for (const voucher of input.vouchers) left -= Math.min(voucher, left)
  return left
}

describe('orderBill (docs/product/5-rules.md#order-bills)', () => {
  it('sums lines, then takes the coupon and each voucher, as in the example of a booking', () => {
    const amounts = orderBill({
      lines: [
        { unitPrice: 6800, quantity: 1, vatRate: 20 },
        { unitPrice: 1250, quantity: 2, vatRate: 5.5 },
      ],
      coupon: 1000,
      vouchers: [5000, 5000],
    })
    expect(amounts).toEqual({
      lineTotals: [6800, 2500],
      lineVat: [1133, 130],
      subtotal: 9300,
      coupon: 1000,
      vouchers: [5000, 3300],
      vat: 1263,
      total: 0,
    })
  })

  it('never negative, never above the subtotal, and equal to what the payment charges', () => {
    fc.assert(
      fc.property(bill, (input) => {
        const amounts = orderBill(input)
        expect(amounts.total).toBeGreaterThanOrEqual(0)
        expect(amounts.total).toBeLessThanOrEqual(amounts.subtotal)
        expect(amounts.total).toBe(charged(input))
        // nothing is lost or invented between the lines and the total
        const vouchers = amounts.vouchers.reduce((sum, v) => sum + v, 0)
        expect(amounts.subtotal - amounts.coupon - vouchers).toBe(amounts.total)
        expect(Number.isInteger(amounts.total)).toBe(true)
      }),
    )
  })

  it('each line’s VAT is the one rule of src/domain/money/vat.ts, and the VAT sums them', () => {
    fc.assert(
      fc.property(bill, (input) => {
        const amounts = orderBill(input)
        input.lines.forEach((l, i) => {
          expect(amounts.lineVat[i]).toBe(vatIncluded(l.unitPrice * l.quantity, l.vatRate))
        })
        expect(amounts.vat).toBe(amounts.lineVat.reduce((sum, v) => sum + v, 0))
        expect(amounts.vat).toBeLessThanOrEqual(amounts.subtotal)
      }),
    )
  })

  it('garbage amounts (negative, fractional, NaN) count as nothing rather than a negative total', () => {
    const amounts = orderBill({
      lines: [
        { unitPrice: -500, quantity: 2 },
        { unitPrice: 1000, quantity: Number.NaN },
      ],
      coupon: -300,
      vouchers: [-100],
    })
    expect(amounts).toMatchObject({ subtotal: 0, coupon: 0, vouchers: [0], total: 0 })
  })
})
