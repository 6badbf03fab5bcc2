import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Coupon } from '#contract/coupon.ts'
import { eshopCartTotal, eshopLineTotal } from '#domain/cart/eshop-cart.ts'
import { MAX_CART_LINES, MAX_LINE_QUANTITY, MAX_MINOR_AMOUNT } from '#domain/money/bounds.ts'
import { vatIncluded } from '#domain/money/vat.ts'
import { Refusal } from '#server/kernel/index.ts'
import { discountOf } from './coupon-discount.ts'
import { cartTotals, couponShare, voucherShare } from './totals.ts'

/**
 * docs/product/9-constants.md#money-bounds: generated carts within the money bounds (lines, a
 * coupon, vouchers) never give a negative total, a discount above the subtotal, a VAT above a line,
 * or a figure the screen (src/domain) would compute differently from the server.
 */
const NOW = new Date('2027-04-26T08:00:00Z')
const ARTICLES = ['a', 'b', 'c', 'd']
const RATES = [undefined, 0, 2.1, 5.5, 10, 20] as const

const line = fc.record({
  articleId: fc.constantFrom(...ARTICLES),
  // a unit price such that 99 of it stays within the money bound
  unitPrice: fc.integer({ min: 0, max: Math.floor(MAX_MINOR_AMOUNT / MAX_LINE_QUANTITY) }),
  quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
  vatRate: fc.constantFrom(...RATES),
})
const lines = fc.array(line, { minLength: 1, maxLength: 8 })

const coupon = fc.oneof(
  fc.record({
    reductionType: fc.constant('percentage' as const),
    amount: fc.integer({ min: 0, max: 100 }),
    serviceIds: fc.subarray(ARTICLES),
  }),
  fc.record({
    reductionType: fc.constant('amount' as const),
    amount: fc.integer({ min: 0, max: MAX_MINOR_AMOUNT }),
    serviceIds: fc.subarray(ARTICLES),
  }),
)
const vouchers = fc.array(
  fc.record({
    remaining: fc.integer({ min: 0, max: MAX_MINOR_AMOUNT }),
    serviceId: fc.option(fc.constantFrom(...ARTICLES), { nil: undefined }),
  }),
  { maxLength: 3 },
)

function asCoupon(c: {
  reductionType: 'percentage' | 'amount'
  amount: number
  serviceIds: string[]
}): Coupon {
  return {
    id: 'c1',
    code: 'CODE',
    active: true,
    automatic: false,
    minAmount: 0,
    ...c,
  } as unknown as Coupon
}

describe('cart totals (property-based)', () => {
  it('never a negative total, a discount above the subtotal, or a voucher above its remaining amount', () => {
    fc.assert(
      fc.property(lines, fc.option(coupon, { nil: undefined }), vouchers, (cart, c, gifts) => {
        const priced = cart.map((l) => ({ ...l, total: l.unitPrice * l.quantity }))
        const subtotal = priced.reduce((sum, l) => sum + l.total, 0)
        let off = 0
        if (c !== undefined) {
          try {
            off = discountOf(asCoupon(c), priced, NOW).discount
          } catch (error) {
            // "not applicable" is a refusal, never a wrong figure
            expect(error).toBeInstanceOf(Refusal)
          }
        }
        const coupon = couponShare(subtotal, off)
        let due = subtotal - coupon
        const paid: number[] = []
        for (const gift of gifts) {
          const base =
            gift.serviceId === undefined
              ? due
              : priced
                  .filter((l) => l.articleId === gift.serviceId)
                  .reduce((s, l) => s + l.total, 0)
          const amount = voucherShare(gift.remaining, base, due)
          expect(amount).toBeGreaterThanOrEqual(0)
          expect(amount).toBeLessThanOrEqual(gift.remaining)
          paid.push(amount)
          due -= amount
        }
        const totals = cartTotals(subtotal, off, paid)
        expect(totals.total).toBeGreaterThanOrEqual(0)
        expect(totals.discount).toBeLessThanOrEqual(subtotal)
        expect(totals.total + totals.discount).toBe(subtotal)
        expect(totals.total).toBe(due)
        expect(Number.isSafeInteger(totals.total)).toBe(true)
        expect(subtotal).toBeLessThanOrEqual(MAX_MINOR_AMOUNT * MAX_CART_LINES)
      }),
    )
  })

  it('the screen and the server compute the same line totals, cart total and VAT', () => {
    fc.assert(
      fc.property(lines, (cart) => {
        // the server: unit price × quantity, VAT once per line (pricing/lines.ts chargeLines)
        const server = cart.map((l) => {
          const total = l.unitPrice * l.quantity
          return { total, vat: vatIncluded(total, l.vatRate) }
        })
        // the screen: the e-shop cart's rules (src/domain/cart/eshop-cart.ts)
        const items = cart.map((l, i) => ({
          id: String(i),
          price: l.unitPrice,
          quantity: l.quantity,
        }))
        const screen = { shopId: 's1', items }
        expect(items.map(eshopLineTotal)).toEqual(server.map((l) => l.total))
        expect(eshopCartTotal(screen)).toBe(server.reduce((sum, l) => sum + l.total, 0))
        for (const [i, l] of server.entries()) {
          expect(l.vat).toBeGreaterThanOrEqual(0)
          expect(l.vat).toBeLessThanOrEqual(l.total)
          // VAT rounded once per line, from the line total each side computed: the same figure
          const item = items[i]
          expect(item && vatIncluded(eshopLineTotal(item), cart[i]?.vatRate)).toBe(l.vat)
        }
        const vatSum = server.reduce((sum, l) => sum + l.vat, 0)
        expect(vatSum).toBeLessThanOrEqual(eshopCartTotal(screen))
      }),
    )
  })

  it('a coupon or voucher share is clamped into range whatever it is given', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_MINOR_AMOUNT }),
        fc.integer({ min: -MAX_MINOR_AMOUNT, max: 2 * MAX_MINOR_AMOUNT }),
        (subtotal, discount) => {
          const share = couponShare(subtotal, discount)
          expect(share).toBeGreaterThanOrEqual(0)
          expect(share).toBeLessThanOrEqual(subtotal)
          expect(voucherShare(discount, subtotal, subtotal)).toBeGreaterThanOrEqual(0)
        },
      ),
    )
  })
})
