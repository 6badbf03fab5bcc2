import { ApiError } from '#api/errors'
import { type EshopCart, type EshopCartItemLike, eshopCartTotal } from '#domain/cart/eshop-cart'
import { pricedAtShop, type ShopPriceTable } from '#domain/catalog/shop-prices'
import type { AppliedCoupon } from '#domain/coupon/coupon-field'
import {
  type CheckoutLineLike,
  checkoutShop,
  paymentLines,
  type ShopOption,
  type StockShortage,
  type StockVerdict,
  stockShortages,
  verificationBatches,
} from '#domain/eshop/checkout'
import { type EntityId, sameId } from '#domain/ids'

/**
 * The state of the /panier e-shop island (docs/product/2-screens.md, docs/product/4-states.md; docs/architecture.md "Islands"): the step,
 * the stock verification's refusals, the error's catalog key, the order once paid, and the
 * coupon accepted for these lines. Pure: the API, the cart store and the page are injected.
 */
export type EshopStep = 'cart' | 'verifying' | 'payment' | 'done'
export type EshopCartError = 'eshop.shopRequired' | 'eshop.checkoutError'

export interface EshopCartState {
  step: EshopStep
  shortages: StockShortage[]
  error: EshopCartError | null
  /** the order's number (its id when it cannot be read back) */
  order: string | null
  /** decision 012: to be paid at collection (free provider) */
  dueAtShop: number | null
  /** the shop the stock was verified for, which the payment is for */
  shopId: EntityId | null
  /**
   * docs/product/5-rules.md#coupons: the coupon the server accepted for these lines at this shop
   */
  coupon: AppliedCoupon | null
}

export const initialEshopCartState: EshopCartState = {
  step: 'cart',
  shortages: [],
  error: null,
  order: null,
  dueAtShop: null,
  shopId: null,
  coupon: null,
}

export type EshopCartEvent =
  | { type: 'checkoutStarted' }
  | { type: 'shopMissing' }
  | { type: 'verifying' }
  | { type: 'stockShort'; shortages: StockShortage[] }
  | { type: 'verified'; shopId: EntityId }
  | { type: 'checkoutFailed' }
  | { type: 'ordered'; order: string | null; dueAtShop: number | null }
  | { type: 'backToCart' }
  | { type: 'couponChanged'; coupon: AppliedCoupon | null }
  /** other lines or another shop: the coupon must be applied again */
  | { type: 'linesChanged' }
  /** a quantity was changed or adjusted to the stock: the refusals no longer hold */
  | { type: 'quantityChanged' }
  | { type: 'shopChosen' }

export function eshopCartReducer(state: EshopCartState, event: EshopCartEvent): EshopCartState {
  switch (event.type) {
    case 'checkoutStarted':
      return { ...state, error: null, shortages: [] }
    case 'shopMissing':
      return { ...state, error: 'eshop.shopRequired' }
    case 'verifying':
      return { ...state, step: 'verifying' }
    case 'stockShort':
      return { ...state, shortages: event.shortages, step: 'cart' }
    case 'verified':
      return { ...state, shopId: event.shopId, step: 'payment' }
    case 'checkoutFailed':
      return { ...state, error: 'eshop.checkoutError', step: 'cart' }
    case 'ordered':
      return { ...state, order: event.order, dueAtShop: event.dueAtShop, step: 'done' }
    case 'backToCart':
      return { ...state, step: 'cart' }
    case 'couponChanged':
      return { ...state, coupon: event.coupon }
    case 'linesChanged':
      return state.coupon === null ? state : { ...state, coupon: null }
    case 'quantityChanged':
      return state.shortages.length === 0 ? state : { ...state, shortages: [] }
    case 'shopChosen':
      return state.error === null ? state : { ...state, error: null }
  }
}

export interface PricedCart<T extends EshopCartItemLike> {
  /** the lines at the pricing shop's prices (what the server charges there) */
  cart: EshopCart<T>
  total: number
  /** the prices changed: the store is written back so the mini cart says the same */
  repriced: boolean
  /** the shop the lines are priced and checked out at (the only one, or the one chosen) */
  shop: EntityId | null
  /** what a coupon was priced for: these lines at this shop */
  couponKey: string
}

/** The stored cart as the island shows it, priced at its shop (decision 011). */
export function pricedCart<T extends EshopCartItemLike>(
  stored: EshopCart<T>,
  prices: ShopPriceTable | undefined,
  shops: readonly ShopOption[],
): PricedCart<T> {
  const shop = checkoutShop(stored.shopId, shops)
  const items = pricedAtShop(stored.items, prices, shop)
  const repriced = items !== stored.items
  const cart = repriced ? { ...stored, items: [...items] } : stored
  const lines = stored.items.map((line) => `${String(line.id)}x${line.quantity}`).join()
  return {
    cart,
    total: eshopCartTotal(cart),
    repriced,
    shop,
    couponKey: `${String(shop)}|${lines}`,
  }
}

/** The login page, back to the cart after (docs/product/4-states.md: checkout needs a signed-in customer). */
export function loginAddress(loginPath: string, cartPath: string): string {
  return `${loginPath}?redirect=${encodeURIComponent(cartPath)}`
}

export interface CheckoutEffects {
  dispatch(event: EshopCartEvent): void
  /** the cart's shop becomes the one checked out at (the only one) */
  selectShop(shopId: EntityId): void
  /** the shop choice takes the focus: it is missing */
  focusShopChoice(): void
  toLogin(): void
  /** GET stock/verify/{ids}/{qty} */
  verifyStock(batch: { ids: string; qty: string }): Promise<readonly StockVerdict[]>
}

/**
 * Checkout: a shop (chosen, or the only one), a signed-in customer (else the login page), then
 * the stock verified per line; refusals stay on the cart, else the payment opens.
 */
export async function checkout(
  input: { cart: EshopCart<EshopCartItemLike>; shops: readonly ShopOption[] },
  signedIn: boolean,
  effects: CheckoutEffects,
): Promise<void> {
  const { cart, shops } = input
  effects.dispatch({ type: 'checkoutStarted' })
  const shop = checkoutShop(cart.shopId, shops)
  if (shop === null) {
    effects.dispatch({ type: 'shopMissing' })
    effects.focusShopChoice()
    return
  }
  if (!sameId(cart.shopId, shop)) effects.selectShop(shop)
  if (!signedIn) {
    effects.toLogin()
    return
  }
  effects.dispatch({ type: 'verifying' })
  try {
    const batches = verificationBatches(cart.items)
    const verdicts = (
      await Promise.all(
        batches.map((batch) =>
          effects.verifyStock({ ids: batch.ids.join(','), qty: String(batch.qty) }),
        ),
      )
    ).flat()
    const short = stockShortages(cart.items, verdicts)
    if (short.length > 0) effects.dispatch({ type: 'stockShort', shortages: short })
    else effects.dispatch({ type: 'verified', shopId: shop })
  } catch {
    effects.dispatch({ type: 'checkoutFailed' })
  }
}

/** The body of POST /api/payment/initialize for the cart's lines (purpose 'eshop'). */
export function eshopPaymentBody(
  shopId: EntityId | null,
  lines: readonly CheckoutLineLike[],
  couponCode?: string | undefined,
) {
  return {
    purpose: 'eshop' as const,
    shopId: String(shopId),
    lines: paymentLines(lines),
    ...(couponCode ? { couponCode } : {}),
  }
}

/**
 * Opens the payment; a signed-out answer (401: the session ended meanwhile) goes to the login
 * page. The failure is rethrown either way: the payment step words it (screen eshopCheckout).
 */
export async function initializeEshopPayment<R>(open: () => Promise<R>, toLogin: () => void) {
  try {
    return await open()
  } catch (failure) {
    if (failure instanceof ApiError && failure.code === 401) toLogin()
    throw failure
  }
}

/** The paid order's number, read back; its id when it cannot be read (a fine reference). */
export async function orderNumber(
  orderId: string | null,
  readOrder: (id: string) => Promise<{ number: string }>,
): Promise<string | null> {
  if (!orderId) return orderId
  try {
    return (await readOrder(orderId)).number
  } catch {
    return orderId
  }
}
