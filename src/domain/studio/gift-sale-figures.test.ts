import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { giftSaleFigures } from './gift-sale-figures'

/** A sale as the server keeps it: sold for `amount`, part used, part refunded, the rest left. */
const sale = fc
  .tuple(fc.integer({ min: 1, max: 100_000 }), fc.nat(100), fc.nat(100))
  .map(([amount, usedPct, backPct]) => {
    const redeemed = Math.floor((amount * usedPct) / 100)
    const refunded = Math.floor(((amount - redeemed) * backPct) / 100)
    return { amount, redeemed, refunded, remaining: amount - redeemed - refunded, paid: amount }
  })

describe('giftSaleFigures', () => {
  it('splits the amount sold into redeemed, refunded and outstanding', () => {
    fc.assert(
      fc.property(sale, (s) => {
        const f = giftSaleFigures(s)
        expect(f.redeemed).toBe(s.redeemed)
        expect(f.redeemed + f.refunded + f.outstanding).toBe(s.amount)
      }),
    )
  })

  it('never offers to give back more than is left on the voucher or was paid and kept', () => {
    fc.assert(
      fc.property(sale, fc.nat(100_000), (s, paid) => {
        const f = giftSaleFigures({ ...s, paid })
        expect(f.refundable).toBeGreaterThanOrEqual(0)
        expect(f.refundable).toBeLessThanOrEqual(s.remaining)
        expect(f.refundable).toBeLessThanOrEqual(Math.max(0, paid - s.refunded))
      }),
    )
  })

  it('offers what is left when the voucher was not used', () => {
    expect(giftSaleFigures({ amount: 5000, remaining: 3000, refunded: 2000, paid: 5000 })).toEqual({
      redeemed: 0,
      refunded: 2000,
      outstanding: 3000,
      refundable: 3000,
    })
  })
})
