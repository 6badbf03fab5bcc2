import { describe, expect, it } from 'vitest'
import { UNKNOWN_STOCK } from '#contract/constants'
import { availableStock } from './stock'

describe('product stock (docs/product/5-rules.md, docs/product/8-errors.md, docs/product/9-constants.md unknown-stock 999999)', () => {
  it('without stock tracking, stock is 999999', () => {
    expect(UNKNOWN_STOCK).toBe(999999)
    expect(availableStock({ booker: { enableStock: false } }, 3)).toBe(999999)
    expect(availableStock({ booker: {} })).toBe(999999)
    expect(availableStock({ booker: null })).toBe(999999)
  })

  it('a product that is not found has 0', () => {
    expect(availableStock(undefined, 12)).toBe(0)
    expect(availableStock(null)).toBe(0)
  })

  it('with tracking, the reported stock, never negative', () => {
    const tracked = { booker: { enableStock: true } }
    expect(availableStock(tracked, 12)).toBe(12)
    expect(availableStock(tracked, 0)).toBe(0)
    expect(availableStock(tracked, -2)).toBe(0)
  })

  it('a fresh lookup wins over the catalogue stock, which is the fallback', () => {
    const tracked = { booker: { enableStock: true }, stock: 4 }
    expect(availableStock(tracked)).toBe(4)
    expect(availableStock(tracked, 2)).toBe(2)
    expect(availableStock(tracked, 0)).toBe(0)
  })

  it('with tracking but no readable stock (failed lookup), 0', () => {
    const tracked = { booker: { enableStock: true } }
    expect(availableStock(tracked)).toBe(0)
    expect(availableStock(tracked, null)).toBe(0)
    expect(availableStock(tracked, Number.NaN)).toBe(0)
  })
})
