import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bookingLinesAtShop, pricedAtShop, shopPriceTable } from './shop-prices'
import { unitPrice } from './unit-price'

const oil = {
  id: '201',
  prices: 3900,
  booker: { pricesByShops: [{ boutiqueId: '1', pvTtc: 4200 }] },
}
const candle = { id: 202, prices: 3200, booker: { pricesByShops: [] } }

describe('shopPriceTable and pricedAtShop (docs/decisions/011-price-rule.md, e-shop cart at its shop)', () => {
  const table = shopPriceTable([oil, candle], ['1', 2])
  it('holds unitPrice of each product at each shop', () => {
    expect(table).toEqual({ '201': { '1': 4200, '2': 3900 }, '202': { '1': 3200, '2': 3200 } })
  })
  it('or at the shops that sell each article', () => {
    const selling = shopPriceTable([oil, candle], (a) => (a.id === '201' ? ['1'] : ['2']))
    expect(selling).toEqual({ '201': { '1': 4200 }, '202': { '2': 3200 } })
  })
  it('prices the lines at the chosen shop, keeps lines it does not know', () => {
    const lines = [
      { id: 201, price: 3900, quantity: 2 },
      { id: '999', price: 100, quantity: 1 },
    ]
    expect(pricedAtShop(lines, table, '1')).toEqual([
      { id: 201, price: 4200, quantity: 2 },
      { id: '999', price: 100, quantity: 1 },
    ])
  })
  it('returns the same lines when nothing changes, no shop or no table', () => {
    const lines = [{ id: '201', price: 3900 }]
    expect(pricedAtShop(lines, table, '2')).toBe(lines)
    expect(pricedAtShop(lines, table, null)).toBe(lines)
    expect(pricedAtShop(lines, undefined, '1')).toBe(lines)
  })
  it('property: every known line ends at unitPrice of its product at the shop', () => {
    const products = [oil, candle]
    fc.assert(
      fc.property(
        fc.array(fc.record({ pick: fc.integer({ min: 0, max: 1 }), price: fc.nat(99999) })),
        fc.constantFrom('1', '2'),
        (raw, shop) => {
          const lines = raw.map(({ pick, price }) => ({ id: products[pick]?.id ?? '0', price }))
          const priced = pricedAtShop(lines, table, shop)
          priced.forEach((line, i) => {
            const product = products[raw[i]?.pick ?? 0]
            if (product) expect(line.price).toBe(unitPrice(product, shop))
          })
        },
      ),
    )
  })
})

describe('bookingLinesAtShop (docs/decisions/011-price-rule.md: a booking line shows its shop’s price)', () => {
  const soin = {
    id: '101',
    prices: 6800,
    booker: { pricesByShops: [{ boutiqueId: '1', pvTtc: 7500 }] },
  }
  const table = shopPriceTable([soin], ['1', '2'])
  it('re-prices a line stored at the list price to the shop’s price', () => {
    const lines = [{ id: 'l1', serviceId: '101', shopId: 1, prices: 6800, nb: 1 }]
    expect(bookingLinesAtShop(lines, table)).toEqual([{ ...lines[0], prices: 7500 }])
  })
  it('keeps lines it cannot price, and returns the same array when nothing changes', () => {
    const lines = [
      { id: 'l1', serviceId: '101', shopId: '2', prices: 6800 },
      { id: 'l2', serviceId: '999', shopId: '1', prices: 100 },
      { id: 'l3', shopId: '1', prices: 100 },
    ]
    expect(bookingLinesAtShop(lines, table)).toBe(lines)
    expect(bookingLinesAtShop(lines, undefined)).toBe(lines)
  })
  it('property: a line whose ids the table does not own keeps its price, whatever the ids', () => {
    const id = fc.oneof(
      fc.constantFrom('constructor', 'valueOf', '__proto__', 'toString', 'name', 'length'),
      fc.string(),
      fc.integer(),
    )
    fc.assert(
      fc.property(id, id, fc.nat(99999), (serviceId, shopId, prices) => {
        fc.pre(String(serviceId) !== '101')
        const lines = [{ serviceId, shopId, prices }]
        expect(bookingLinesAtShop(lines, table)).toBe(lines)
        expect(pricedAtShop([{ id: serviceId, price: prices }], table, shopId)[0]?.price).toBe(
          prices,
        )
      }),
    )
  })
})
