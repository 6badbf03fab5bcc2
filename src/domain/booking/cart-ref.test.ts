import { describe, expect, it } from 'vitest'
import { cartIdAt, parseCartRef } from './cart-ref'

describe('the page keeps only the cart id', () => {
  it('reads the id and the shop, and drops whatever else the storage holds', () => {
    const tampered = JSON.stringify({
      cartId: 'c1',
      shopId: '1',
      held: [{ serviceId: 'x', start: '2026-12-01T10:00', appointmentId: 'fake' }],
      ideorder: 'BFAKE',
      total: 1,
    })
    expect(parseCartRef(tampered)).toEqual({ cartId: 'c1', shopId: '1' })
  })

  it('anything malformed is no reference', () => {
    for (const raw of [
      null,
      '',
      'not json',
      'null',
      '[]',
      '{"cartId":1,"shopId":"1"}',
      '{"cartId":"","shopId":"1"}',
    ])
      expect(parseCartRef(raw)).toBeNull()
  })

  it('names the cart only at its own shop', () => {
    const ref = { cartId: 'c1', shopId: '1' }
    expect(cartIdAt(ref, '1')).toBe('c1')
    expect(cartIdAt(ref, '2')).toBeUndefined()
    expect(cartIdAt(null, '1')).toBeUndefined()
  })
})
