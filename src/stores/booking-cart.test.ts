import { describe, expect, it } from 'vitest'
import { BOOKING_CART_KEY, createBookingCartStore } from './booking-cart'
import { memoryStorage } from './cookie-jar'

const cut = { id: 'a', shopId: 's1', prices: 4500, name: 'Coupe' }
const other = { id: 'b', shopId: 's2', prices: 2000, name: 'Soin' }

describe('booking cart store', () => {
  it('persists to local storage and reloads', () => {
    const storage = memoryStorage()
    const store = createBookingCartStore(storage)
    expect(store.add(cut)).toBe(true)
    expect(store.add(cut)).toBe(true)
    expect(storage.getItem(BOOKING_CART_KEY)).not.toBeNull()
    const again = createBookingCartStore(storage)
    expect(again.$count.get()).toBe(2)
    expect(again.$total.get()).toBe(9000)
  })

  it('refuses an item of another shop and keeps the cart', () => {
    const store = createBookingCartStore(memoryStorage())
    store.add(cut)
    expect(store.add(other)).toBe(false)
    expect(store.$cart.get().items.map((line) => line.id)).toEqual(['a'])
  })

  it('a negative count removes the line, and the shop clears when empty', () => {
    const storage = memoryStorage()
    const store = createBookingCartStore(storage)
    store.add(cut, 3)
    store.remove(cut, -1)
    expect(store.$cart.get()).toEqual({ shopId: null, items: [] })
    expect(storage.getItem(BOOKING_CART_KEY)).toBeNull()
    expect(store.add(other)).toBe(true)
  })

  it('ignores unreadable storage', () => {
    const store = createBookingCartStore(memoryStorage({ [BOOKING_CART_KEY]: 'nope' }))
    expect(store.$count.get()).toBe(0)
  })
})
