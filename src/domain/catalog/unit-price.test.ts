import { describe, expect, it } from 'vitest'
import { unitPrice } from './unit-price'

const base = { prices: 6500, booker: { pricesByShops: [{ boutiqueId: '2', pvTtc: 7200 }] } }

describe('unitPrice (spec §3 Article prices, pricesByShops, weekprices)', () => {
  it('§3 the shop’s own pvTtc wins over the list and week prices', () => {
    expect(unitPrice({ ...base, weekprices: 5900 }, '2')).toBe(7200)
  })
  it('§3 otherwise the week’s price is swapped in for the list price', () => {
    expect(unitPrice({ ...base, weekprices: 5900 }, '3')).toBe(5900)
  })
  it('§3 otherwise the list price; shop ids compare as text', () => {
    expect(unitPrice(base, 3)).toBe(6500)
    expect(unitPrice(base, 2)).toBe(7200)
  })
})
