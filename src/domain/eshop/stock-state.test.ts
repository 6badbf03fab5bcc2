import { describe, expect, it } from 'vitest'
import { UNKNOWN_STOCK } from '#contract/constants'
import { checkQuantity, LOW_STOCK_THRESHOLD, parseQuantity, stockState } from './stock-state'

describe('stockState', () => {
  it('is out at zero or below, low up to the threshold, in above and when not tracked', () => {
    expect(stockState(0)).toBe('out')
    expect(stockState(-2)).toBe('out')
    expect(stockState(Number.NaN)).toBe('out')
    expect(stockState(1)).toBe('low')
    expect(stockState(LOW_STOCK_THRESHOLD)).toBe('low')
    expect(stockState(LOW_STOCK_THRESHOLD + 1)).toBe('in')
    expect(stockState(UNKNOWN_STOCK)).toBe('in')
  })
})

describe('checkQuantity', () => {
  it('accepts a quantity that fits the stock with what the cart holds', () => {
    expect(checkQuantity(2, 0, 5)).toEqual({ ok: true, quantity: 2 })
    expect(checkQuantity(3, 2, 5)).toEqual({ ok: true, quantity: 3 })
  })
  it('refuses beyond the stock, telling how many more fit', () => {
    expect(checkQuantity(4, 2, 5)).toEqual({ ok: false, reason: 'notEnoughStock', max: 3 })
    expect(checkQuantity(1, 5, 5)).toEqual({ ok: false, reason: 'notEnoughStock', max: 0 })
  })
  it('refuses an out-of-stock product and a quantity that is not a whole positive number', () => {
    expect(checkQuantity(1, 0, 0)).toEqual({ ok: false, reason: 'outOfStock', max: 0 })
    expect(checkQuantity(0, 0, 5)).toMatchObject({ ok: false, reason: 'invalid' })
    expect(checkQuantity(1.5, 0, 5)).toMatchObject({ ok: false, reason: 'invalid' })
  })
  it('never reports a negative max', () => {
    expect(checkQuantity(1, 9, 5)).toMatchObject({ max: 0 })
  })
})

describe('parseQuantity', () => {
  it('reads whole positive numbers only', () => {
    expect(parseQuantity(' 3 ')).toBe(3)
    expect(parseQuantity('0')).toBeNull()
    expect(parseQuantity('-1')).toBeNull()
    expect(parseQuantity('2.5')).toBeNull()
    expect(parseQuantity('')).toBeNull()
    expect(parseQuantity('abc')).toBeNull()
  })
})
