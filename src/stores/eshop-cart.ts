import { atom, computed, type ReadableAtom } from 'nanostores'
import { COOKIE_LIFETIME_S } from '#contract/constants'
import {
  addEshopProduct,
  type EshopCart,
  type EshopCartItemLike,
  emptyEshopCart,
  eshopCartCount,
  eshopCartTotal,
  selectEshopShop,
  setEshopQuantity,
} from '#domain/cart/eshop-cart'
import { joinLineNames, type LineNames, splitLineNames } from '#domain/cart/line-name'
import type { EntityId } from '#domain/ids'
import { type CookieJar, type KeyValueStorage, readJson } from './cookie-jar'
import { ESHOP_CART_COOKIE, ESHOP_SHOP_COOKIE } from './keys'

/**
 * The e-shop cart (docs/product/4-states.md) in cookies: the lines and the selected shop in two cookies, so the
 * lazy loader can tell from `document.cookie` alone whether the header has a count to show. The
 * lines' names per language stay in local storage (the cookie goes with every request).
 */
export { ESHOP_CART_COOKIE, ESHOP_SHOP_COOKIE } from './keys'

/** local storage: the lines' names per language, kept out of the cookie (not in keys.ts: no page needs it before the cart loads) */
export const ESHOP_CART_NAMES_KEY = 'eshop-cart-names'

/** What the mini cart shows of a product; the rules only read id and price. */
export interface EshopProductLine extends EshopCartItemLike {
  /** in the language of the page it was added on; shown when `names` lacks the page's */
  name: string
  /** the product's name in each enabled language (src/domain/cart/line-name.ts) */
  names?: LineNames | undefined
  image?: string | null | undefined
}

export type EshopCartValue = EshopCart<EshopProductLine>

function isLine(value: unknown): value is EshopCartValue['items'][number] {
  if (typeof value !== 'object' || value === null) return false
  const line = value as Record<string, unknown>
  return (
    (typeof line.id === 'string' || typeof line.id === 'number') &&
    typeof line.price === 'number' &&
    typeof line.quantity === 'number' &&
    typeof line.name === 'string'
  )
}

function isNames(value: unknown): value is Record<string, LineNames> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function readEshopCart(jar: CookieJar, storage?: KeyValueStorage): EshopCartValue {
  const items = readJson(jar.get(ESHOP_CART_COOKIE))
  const shopId = jar.get(ESHOP_SHOP_COOKIE) || null
  const lines = Array.isArray(items) ? items.filter(isLine) : []
  const names = readJson(storage?.getItem(ESHOP_CART_NAMES_KEY) ?? null)
  const kept = lines.filter((line) => line.quantity > 0)
  return { shopId, items: isNames(names) ? joinLineNames(kept, names) : kept }
}

export interface EshopCartStore {
  readonly $cart: ReadableAtom<EshopCartValue>
  readonly $count: ReadableAtom<number>
  readonly $total: ReadableAtom<number>
  add(product: EshopProductLine, quantity?: number): void
  setQuantity(productId: EntityId, quantity: number): void
  remove(productId: EntityId): void
  selectShop(shopId: EntityId | null): void
}

export function createEshopCartStore(jar: CookieJar, storage?: KeyValueStorage): EshopCartStore {
  const $cart = atom<EshopCartValue>(readEshopCart(jar, storage))
  const write = (cart: EshopCartValue) => {
    const { lines, names } = splitLineNames(cart.items)
    if (cart.items.length === 0) jar.remove(ESHOP_CART_COOKIE)
    else
      jar.set(ESHOP_CART_COOKIE, JSON.stringify(lines), {
        maxAge: COOKIE_LIFETIME_S.eshopCart,
      })
    if (Object.keys(names).length === 0) storage?.removeItem(ESHOP_CART_NAMES_KEY)
    else storage?.setItem(ESHOP_CART_NAMES_KEY, JSON.stringify(names))
    if (cart.shopId === null) jar.remove(ESHOP_SHOP_COOKIE)
    else jar.set(ESHOP_SHOP_COOKIE, String(cart.shopId), { maxAge: COOKIE_LIFETIME_S.eshopCart })
    $cart.set(cart)
  }
  return {
    $cart,
    $count: computed($cart, eshopCartCount),
    $total: computed($cart, eshopCartTotal),
    add: (product, quantity = 1) => write(addEshopProduct($cart.get(), product, quantity)),
    setQuantity: (id, quantity) => write(setEshopQuantity($cart.get(), id, quantity)),
    remove: (id) => write(setEshopQuantity($cart.get(), id, 0)),
    selectShop: (shopId) =>
      write(shopId === null ? emptyEshopCart() : selectEshopShop($cart.get(), shopId)),
  }
}
