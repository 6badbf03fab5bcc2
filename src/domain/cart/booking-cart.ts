import { DEFAULT_ART_TYPE } from '#contract/constants'
import { type EntityId, sameId } from '../ids'

/**
 * Booking cart rules (docs/product/3-entities.md "Booking cart item", docs/product/4-states.md, docs/product/5-rules.md). The cart is a value: every function
 * returns a new cart and never mutates its input, so a nanostore can hold it and persist it to
 * local storage as is. Field names are the contract's (src/contract/cart.ts).
 */

/** What the rules read from an item; the store keeps every other field (name, images...) as is. */
export interface BookingCartItemLike {
  id: EntityId
  shopId: EntityId
  /** Unit price incl. tax in integer minor units (cents), the contract's money convention. */
  prices: number
  artType?: string | null | undefined
}

export type BookingCartLine<T extends BookingCartItemLike> = T & { nb: number }

export interface BookingCart<T extends BookingCartItemLike> {
  shopId: EntityId | null
  items: BookingCartLine<T>[]
}

export function emptyBookingCart<T extends BookingCartItemLike>(): BookingCart<T> {
  return { shopId: null, items: [] }
}

/** A service and a gift can share an id; the artType keeps them on separate lines. */
function sameLine(a: BookingCartItemLike, b: BookingCartItemLike): boolean {
  return sameId(a.id, b.id) && (a.artType ?? DEFAULT_ART_TYPE) === (b.artType ?? DEFAULT_ART_TYPE)
}

/** Drops lines with nb <= 0 and forgets the shop once nothing is left (docs/product/4-states.md). */
function settle<T extends BookingCartItemLike>(
  shopId: EntityId | null,
  items: BookingCartLine<T>[],
): BookingCart<T> {
  const kept = items.filter((line) => Number.isFinite(line.nb) && line.nb > 0)
  return { shopId: kept.length === 0 ? null : shopId, items: kept }
}

/** The cart's shop; a stored cart that lost its shopId still belongs to its items' shop. */
export function bookingCartShopId(cart: BookingCart<BookingCartItemLike>): EntityId | null {
  return cart.shopId ?? cart.items[0]?.shopId ?? null
}

/**
 * Adds `count` of an item (default 1); the same item again increments nb.
 * Returns false when the item belongs to another shop than the cart's (docs/product/4-states.md, docs/product/5-rules.md): the caller
 * keeps its cart unchanged and tells the user.
 */
export function addBookingItem<T extends BookingCartItemLike>(
  cart: BookingCart<T>,
  item: T,
  count = 1,
): BookingCart<T> | false {
  const shopId = bookingCartShopId(cart)
  if (shopId !== null && !sameId(item.shopId, shopId)) return false
  const existing = cart.items.find((line) => sameLine(line, item))
  const items = existing
    ? cart.items.map((line) => (line === existing ? { ...line, nb: line.nb + count } : line))
    : [...cart.items, { ...item, nb: count }]
  return settle(shopId ?? item.shopId, items)
}

/**
 * Removes `count` of an item (default 1). A negative count removes the whole line (docs/product/4-states.md), the
 * way the cart's trash button asks for it.
 */
export function removeBookingItem<T extends BookingCartItemLike>(
  cart: BookingCart<T>,
  item: BookingCartItemLike,
  count = 1,
): BookingCart<T> {
  const items = cart.items.map((line) =>
    sameLine(line, item) ? { ...line, nb: count < 0 ? 0 : line.nb - count } : line,
  )
  return settle(bookingCartShopId(cart), items)
}

/** Number of units, for the header's cart badge. */
export function bookingCartCount(cart: BookingCart<BookingCartItemLike>): number {
  return cart.items.reduce((sum, line) => sum + line.nb, 0)
}

/**
 * Total = Σ prices × nb (docs/product/3-entities.md), in integer minor units: prices already are cents, so the sum
 * is exact (no 0.1 + 0.2 drift). Display only: the server recomputes what it charges.
 */
export function bookingCartTotal(cart: BookingCart<BookingCartItemLike>): number {
  return cart.items.reduce((sum, line) => sum + line.prices * line.nb, 0)
}
