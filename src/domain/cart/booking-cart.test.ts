import { describe, expect, it } from 'vitest'
import {
  addBookingItem,
  type BookingCart,
  type BookingCartItemLike,
  bookingCartCount,
  bookingCartTotal,
  emptyBookingCart,
  removeBookingItem,
} from './booking-cart'

interface Item {
  id: string
  name: string
  shopId: string
  /** minor units */
  prices: number
  artType?: string
}

const massage: Item = { id: '1', name: 'Massage', shopId: '10', prices: 4550 }
const facial: Item = { id: '2', name: 'Soin visage', shopId: '10', prices: 10 }
const elsewhere: Item = { id: '3', name: 'Hammam', shopId: '20', prices: 3000 }

function add(cart: BookingCart<Item>, item: Item, count?: number): BookingCart<Item> {
  const next = addBookingItem(cart, item, count)
  if (next === false) throw new Error('refused')
  return next
}

describe('booking cart (docs/product/3-entities.md, docs/product/4-states.md, docs/product/5-rules.md)', () => {
  it('the first item sets the cart shop and gets nb 1, keeping its own fields', () => {
    const cart = add(emptyBookingCart(), massage)
    expect(cart).toEqual({ shopId: '10', items: [{ ...massage, nb: 1 }] })
  })

  it('adding the same item again increments nb', () => {
    const cart = add(add(emptyBookingCart(), massage), massage, 2)
    expect(cart.items).toEqual([{ ...massage, nb: 3 }])
  })

  it('refuses an item of another shop and leaves the cart unchanged', () => {
    const cart = add(emptyBookingCart(), massage)
    const snapshot = structuredClone(cart)
    expect(addBookingItem(cart, elsewhere)).toBe(false)
    expect(cart).toEqual(snapshot)
  })

  it('an item of any shop is accepted once the cart is empty again', () => {
    const emptied = removeBookingItem(add(emptyBookingCart(), massage), massage)
    expect(emptied).toEqual({ shopId: null, items: [] })
    expect(add(emptied, elsewhere).shopId).toBe('20')
  })

  it('a stored cart that lost its shopId still refuses other shops', () => {
    const legacy: BookingCart<Item> = { shopId: null, items: [{ ...massage, nb: 1 }] }
    expect(addBookingItem(legacy, elsewhere)).toBe(false)
    expect(add(legacy, facial).shopId).toBe('10')
  })

  it('removing decrements nb and drops the line at zero', () => {
    const cart = add(add(emptyBookingCart(), massage, 2), facial)
    const once = removeBookingItem(cart, massage)
    expect(once.items.map((l) => [l.id, l.nb])).toEqual([
      ['1', 1],
      ['2', 1],
    ])
    const twice = removeBookingItem(once, massage)
    expect(twice.items.map((l) => l.id)).toEqual(['2'])
    expect(twice.shopId).toBe('10')
  })

  it('removing with a negative count removes the whole line', () => {
    const cart = add(add(emptyBookingCart(), massage, 5), facial)
    expect(removeBookingItem(cart, massage, -1).items.map((l) => l.id)).toEqual(['2'])
  })

  it('removing more than held drops the line and clears the shop id', () => {
    const cart = removeBookingItem(add(emptyBookingCart(), massage, 2), massage, 7)
    expect(cart).toEqual({ shopId: null, items: [] })
  })

  it('adding a count of zero or less never leaves a line with nb <= 0', () => {
    expect(add(emptyBookingCart(), massage, 0)).toEqual({ shopId: null, items: [] })
    const cart = add(add(emptyBookingCart(), massage, 2), massage, -2)
    expect(cart).toEqual({ shopId: null, items: [] })
  })

  it('the same id with another artType is a separate line', () => {
    const gift: Item = { ...massage, artType: 'gift' }
    const cart = add(add(emptyBookingCart(), massage), gift)
    expect(cart.items).toHaveLength(2)
    expect(removeBookingItem(cart, gift, -1).items).toEqual([{ ...massage, nb: 1 }])
  })

  it('a legacy cart stored with numeric ids still matches string ids', () => {
    const legacy: BookingCart<BookingCartItemLike> = {
      shopId: 10,
      items: [{ id: 1, shopId: 10, prices: 4550, nb: 1 }],
    }
    const next = addBookingItem<BookingCartItemLike>(legacy, massage)
    expect(next === false ? 'refused' : next.items.map((l) => l.nb)).toEqual([2])
    expect(addBookingItem<BookingCartItemLike>(legacy, elsewhere)).toBe(false)
  })

  it('total = Σ prices × nb, in integer minor units', () => {
    const cart = add(add(emptyBookingCart(), massage, 2), facial, 3)
    expect(bookingCartTotal(cart)).toBe(2 * 4550 + 3 * 10)
    expect(bookingCartTotal(emptyBookingCart())).toBe(0)
    expect(bookingCartCount(cart)).toBe(5)
  })

  it('never mutates the cart it is given', () => {
    const cart = add(emptyBookingCart(), massage)
    const snapshot = structuredClone(cart)
    add(cart, massage)
    removeBookingItem(cart, massage, -1)
    expect(cart).toEqual(snapshot)
  })
})
