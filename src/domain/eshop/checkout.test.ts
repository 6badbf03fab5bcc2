import { describe, expect, it } from 'vitest'
import { checkoutShop, paymentLines, stockShortages, verificationBatches } from './checkout'

describe('paymentLines', () => {
  it('sends ids as text and quantities, and drops lines that are not positive', () => {
    expect(
      paymentLines([
        { id: 201, quantity: 2 },
        { id: '202', quantity: 0 },
        { id: 'x', quantity: 1.5 },
      ]),
    ).toEqual([{ articleId: '201', quantity: 2 }])
  })
})

describe('verificationBatches', () => {
  it('groups the products by quantity, one verification per quantity', () => {
    expect(
      verificationBatches([
        { id: 1, quantity: 2 },
        { id: 2, quantity: 1 },
        { id: 3, quantity: 2 },
      ]),
    ).toEqual([
      { ids: ['1', '3'], qty: 2 },
      { ids: ['2'], qty: 1 },
    ])
    expect(verificationBatches([])).toEqual([])
  })
})

describe('stockShortages', () => {
  const lines = [
    { id: '1', quantity: 2 },
    { id: '2', quantity: 3 },
    { id: '3', quantity: 1 },
  ]
  it('lists the refused lines with the units left, and unknown products as out of stock', () => {
    expect(
      stockShortages(lines, [
        { articleId: '1', stock: 10, available: true },
        { articleId: 2, stock: 1, available: false },
      ]),
    ).toEqual([
      { id: '2', requested: 3, stock: 1 },
      { id: '3', requested: 1, stock: 0 },
    ])
  })
  it('is empty when every line is available', () => {
    expect(
      stockShortages(lines.slice(0, 1), [{ articleId: '1', stock: 2, available: true }]),
    ).toEqual([])
  })
})

describe('checkoutShop', () => {
  const shops = [{ id: '1' }, { id: '2' }]
  it('keeps a selected shop that is offered', () => {
    expect(checkoutShop(2, shops)).toBe(2)
  })
  it('needs a choice among several shops', () => {
    expect(checkoutShop(null, shops)).toBeNull()
    expect(checkoutShop('9', shops)).toBeNull()
  })
  it('takes the only shop', () => {
    expect(checkoutShop(null, [{ id: '1' }])).toBe('1')
    expect(checkoutShop('9', [{ id: '1' }])).toBe('1')
    expect(checkoutShop(null, [])).toBeNull()
  })
})
