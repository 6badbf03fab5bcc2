import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type PaidItem, paidByPayment, paymentFigures } from './payment-figures'

const item: fc.Arbitrary<PaidItem> = fc.record({
  shopId: fc.constantFrom('paris', 'lyon', 'nice'),
  provider: fc.constantFrom('free', 'stripe', 'cash', 'payzen'),
  billed: fc.integer({ min: 0, max: 5_000_00 }),
  paid: fc.integer({ min: 0, max: 5_000_00 }),
})

const sum = (list: readonly { billed: number; paid: number; count: number }[]) =>
  list.reduce(
    (s, x) => ({ count: s.count + x.count, billed: s.billed + x.billed, paid: s.paid + x.paid }),
    { count: 0, billed: 0, paid: 0 },
  )

describe('paymentFigures (docs/decisions/076-studio-reports.md)', () => {
  it('the shops, and the providers of each, add up to the items', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 60 }), (items) => {
        const shops = paymentFigures(items)
        const all = sum(items.map((i) => ({ ...i, count: 1 })))
        expect(sum(shops)).toEqual(all)
        for (const shop of shops) {
          const { count, billed, paid } = shop
          expect(sum(shop.providers)).toEqual({ count, billed, paid })
          const mine = items.filter((i) => i.shopId === shop.shopId)
          expect(count).toBe(mine.length)
        }
        expect(shops.map((s) => s.shopId)).toEqual([...new Set(items.map((i) => i.shopId))].sort())
      }),
    )
  })

  it("a payment's part leaves out the vouchers, never below zero", () => {
    expect(paidByPayment(5000, [1000, 500])).toBe(3500)
    expect(paidByPayment(1000, [3000])).toBe(0)
    expect(paidByPayment(0, [])).toBe(0)
  })
})
