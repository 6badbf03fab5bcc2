import { type EntityId, sameId } from '../ids'
import { MAX_LINE_QUANTITY } from '../money/bounds'

/**
 * E-shop cart rules (docs/product/3-entities.md "E-shop cart item", docs/product/4-states.md). The cart is a value kept in cookies with the
 * selected shop; every function returns a new cart and never mutates its input. Field names are
 * the contract's (src/contract/cart.ts).
 */

/** What the rules read from a product line; name, abId, abIdShop, image... are carried as is. */
export interface EshopCartItemLike {
  id: EntityId
  /** Unit price incl. tax in integer minor units (cents). */
  price: number
}

export type EshopCartLine<T extends EshopCartItemLike> = T & { quantity: number }

export interface EshopCart<T extends EshopCartItemLike> {
  shopId: EntityId | null
  items: EshopCartLine<T>[]
}

export function emptyEshopCart<T extends EshopCartItemLike>(): EshopCart<T> {
  return { shopId: null, items: [] }
}

/**
 * Lines at zero or less are dropped; a line holds at most MAX_LINE_QUANTITY units
 * (docs/product/9-constants.md#money-bounds).
 */
function keepPositive<T extends EshopCartItemLike>(items: EshopCartLine<T>[]): EshopCartLine<T>[] {
  return items
    .filter((line) => Number.isFinite(line.quantity) && line.quantity > 0)
    .map((line) =>
      line.quantity > MAX_LINE_QUANTITY ? { ...line, quantity: MAX_LINE_QUANTITY } : line,
    )
}

/**
 * Selecting no shop (null) empties the cart (docs/product/4-states.md). Choosing a shop keeps the lines: stock and
 * prices are checked against the chosen shop by the server when ordering.
 */
export function selectEshopShop<T extends EshopCartItemLike>(
  cart: EshopCart<T>,
  shopId: EntityId | null,
): EshopCart<T> {
  return shopId === null ? emptyEshopCart() : { shopId, items: cart.items }
}

/**
 * Adds `quantity` of a product; a product already in the cart has its quantity updated by that
 * amount (docs/product/4-states.md), so a negative quantity takes units away. Lines at zero or less are dropped.
 */
export function addEshopProduct<T extends EshopCartItemLike>(
  cart: EshopCart<T>,
  product: T,
  quantity = 1,
): EshopCart<T> {
  const exists = cart.items.some((line) => sameId(line.id, product.id))
  const items = exists
    ? cart.items.map((line) =>
        sameId(line.id, product.id) ? { ...line, quantity: line.quantity + quantity } : line,
      )
    : [...cart.items, { ...product, quantity }]
  return { shopId: cart.shopId, items: keepPositive(items) }
}

/** Sets a line's quantity (the quantity picker of the cart page); zero or less drops it. */
export function setEshopQuantity<T extends EshopCartItemLike>(
  cart: EshopCart<T>,
  productId: EntityId,
  quantity: number,
): EshopCart<T> {
  const items = cart.items.map((line) =>
    sameId(line.id, productId) ? { ...line, quantity } : line,
  )
  return { shopId: cart.shopId, items: keepPositive(items) }
}

/** Number of units, for the header's cart badge. */
export function eshopCartCount(cart: EshopCart<EshopCartItemLike>): number {
  return cart.items.reduce((sum, line) => sum + line.quantity, 0)
}

/** One line's price for the mini cart, in integer minor units. */
export function eshopLineTotal(line: EshopCartLine<EshopCartItemLike>): number {
  return line.price * line.quantity
}

/** Total incl. tax = Σ price × quantity, in integer minor units: exact, display only. */
export function eshopCartTotal(cart: EshopCart<EshopCartItemLike>): number {
  return cart.items.reduce((sum, line) => sum + eshopLineTotal(line), 0)
}
