import { atom, computed, type ReadableAtom } from 'nanostores'
import {
  addBookingItem,
  type BookingCart,
  type BookingCartItemLike,
  bookingCartCount,
  bookingCartTotal,
  emptyBookingCart,
  removeBookingItem,
} from '#domain/cart/booking-cart'
import type { LineNames } from '#domain/cart/line-name'
import { type KeyValueStorage, readJson } from './cookie-jar'
import { BOOKING_CART_KEY } from './keys'

/** The booking cart (docs/product/4-states.md) in local storage; the rules are src/domain/cart/booking-cart.ts. */
export { BOOKING_CART_KEY } from './keys'

export interface BookingItem extends BookingCartItemLike {
  /** in the language of the page it was added on; shown when `names` lacks the page's */
  name: string
  /** the service's name in each enabled language (src/domain/cart/line-name.ts) */
  names?: LineNames | undefined
  image?: string | null | undefined
}

export type BookingCartValue = BookingCart<BookingItem>

function isCart(value: unknown): value is BookingCartValue {
  if (typeof value !== 'object' || value === null) return false
  const cart = value as Record<string, unknown>
  return Array.isArray(cart.items)
}

export function readBookingCart(storage: KeyValueStorage): BookingCartValue {
  const stored = readJson(storage.getItem(BOOKING_CART_KEY))
  return isCart(stored) ? stored : emptyBookingCart()
}

export interface BookingCartStore {
  readonly $cart: ReadableAtom<BookingCartValue>
  readonly $count: ReadableAtom<number>
  readonly $total: ReadableAtom<number>
  /** false when the item belongs to another shop: the cart is unchanged (docs/product/4-states.md, docs/product/5-rules.md). */
  add(item: BookingItem, count?: number): boolean
  /** A negative count removes the whole line (docs/product/4-states.md). */
  remove(item: BookingCartItemLike, count?: number): void
  clear(): void
}

export function createBookingCartStore(storage: KeyValueStorage): BookingCartStore {
  const $cart = atom<BookingCartValue>(readBookingCart(storage))
  const write = (cart: BookingCartValue) => {
    if (cart.items.length === 0) storage.removeItem(BOOKING_CART_KEY)
    else storage.setItem(BOOKING_CART_KEY, JSON.stringify(cart))
    $cart.set(cart)
  }
  return {
    $cart,
    $count: computed($cart, bookingCartCount),
    $total: computed($cart, bookingCartTotal),
    add: (item, count = 1) => {
      const next = addBookingItem($cart.get(), item, count)
      if (next === false) return false
      write(next)
      return true
    },
    remove: (item, count = 1) => write(removeBookingItem($cart.get(), item, count)),
    clear: () => write(emptyBookingCart()),
  }
}
