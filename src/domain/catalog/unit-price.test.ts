import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isExactSpan, listPrice, priceSpan, unitPrice } from './unit-price'

const base = { prices: 6500, booker: { pricesByShops: [{ boutiqueId: '2', pvTtc: 7200 }] } }

describe('unitPrice (docs/product/3-entities.md Article prices, pricesByShops, weekprices)', () => {
  it('the shop’s own pvTtc wins over the list and week prices', () => {
    expect(unitPrice({ ...base, weekprices: 5900 }, '2')).toBe(7200)
  })
  it('otherwise the week’s price is swapped in for the list price', () => {
    expect(unitPrice({ ...base, weekprices: 5900 }, '3')).toBe(5900)
    expect(listPrice({ ...base, weekprices: 5900 })).toBe(5900)
  })
  it('otherwise the list price; shop ids compare as text', () => {
    expect(unitPrice(base, 3)).toBe(6500)
    expect(unitPrice(base, 2)).toBe(7200)
  })
  it('docs/decisions/011-price-rule.md: the demo case, 68 € listed and 75 € at the shop, prices at 75 €', () => {
    const soin = { prices: 6800, booker: { pricesByShops: [{ boutiqueId: '1', pvTtc: 7500 }] } }
    expect(unitPrice(soin, '1')).toBe(7500)
    expect(priceSpan(soin, ['1'])).toEqual({ min: 7500, max: 7500 })
  })
})

describe('priceSpan (docs/decisions/011-price-rule.md: "from X" where shops differ)', () => {
  const spread = {
    prices: 2900,
    booker: {
      pricesByShops: [
        { boutiqueId: '1', pvTtc: 3500 },
        { boutiqueId: '2', pvTtc: 4100 },
        { boutiqueId: '5', pvTtc: 3200 },
      ],
    },
  }
  it('spans the offering shops’ own prices, a shop without one at the list price', () => {
    expect(priceSpan(spread, ['1', '2', '5'])).toEqual({ min: 3200, max: 4100 })
    expect(priceSpan(spread, ['1', '7'])).toEqual({ min: 2900, max: 3500 })
    expect(isExactSpan(priceSpan(spread, ['1', '2']))).toBe(false)
  })
  it('is exact for one shop, and for shops that agree', () => {
    expect(priceSpan(spread, ['2'])).toEqual({ min: 4100, max: 4100 })
    expect(isExactSpan(priceSpan(spread, [2]))).toBe(true)
    expect(isExactSpan(priceSpan({ ...spread, prices: 3500 }, ['1', '9']))).toBe(true)
  })
  it('with no offering shop, is the list price with the week’s price swapped in', () => {
    expect(priceSpan({ ...spread, weekprices: 2500 }, [])).toEqual({ min: 2500, max: 2500 })
  })
})

const amount = fc.integer({ min: 0, max: 10_000_000 })
const shopId = fc.integer({ min: 1, max: 12 }).map(String)
const article = fc.record({
  prices: amount,
  weekprices: fc.option(amount, { nil: undefined }),
  booker: fc.record({
    pricesByShops: fc.uniqueArray(fc.record({ boutiqueId: shopId, pvTtc: amount }), {
      selector: (p) => p.boutiqueId,
      maxLength: 8,
    }),
  }),
})

describe('priceSpan properties (fast-check)', () => {
  it('min ≤ unitPrice(shop) ≤ max for every offering shop, and both bounds are reached', () => {
    fc.assert(
      fc.property(article, fc.uniqueArray(shopId, { minLength: 1, maxLength: 8 }), (a, shops) => {
        const span = priceSpan(a, shops)
        const prices = shops.map((id) => unitPrice(a, id))
        expect(prices.every((p) => span.min <= p && p <= span.max)).toBe(true)
        expect(prices).toContain(span.min)
        expect(prices).toContain(span.max)
      }),
    )
  })
  it('one shop: exact, and the exact price is unitPrice at that shop', () => {
    fc.assert(
      fc.property(article, shopId, (a, id) => {
        const span = priceSpan(a, [id])
        expect(isExactSpan(span)).toBe(true)
        expect(span.min).toBe(unitPrice(a, id))
      }),
    )
  })
  it('exact exactly when every offering shop charges the same', () => {
    fc.assert(
      fc.property(article, fc.uniqueArray(shopId, { minLength: 1, maxLength: 8 }), (a, shops) => {
        const distinct = new Set(shops.map((id) => unitPrice(a, id)))
        expect(isExactSpan(priceSpan(a, shops))).toBe(distinct.size === 1)
      }),
    )
  })
  it('a shop’s own price always wins over list and week prices', () => {
    fc.assert(
      fc.property(article, shopId, amount, (a, id, own) => {
        const others = a.booker.pricesByShops.filter((p) => p.boutiqueId !== id)
        const priced = {
          ...a,
          booker: { pricesByShops: [...others, { boutiqueId: id, pvTtc: own }] },
        }
        expect(unitPrice(priced, id)).toBe(own)
        expect(unitPrice(priced, Number(id))).toBe(own)
      }),
    )
  })
})
