/**
 * What the page keeps of the server's booking cart (docs/decisions/073-one-cart.md): its id and
 * the shop it is at, nothing else. Every line, price and deadline the cart shows is the server's
 * answer (PUT and GET /api/appointments/cart), read again rather than remembered.
 */
export interface CartRef {
  cartId: string
  shopId: string
}

/** A stored reference; anything malformed is none, and any other field is dropped. */
export function parseCartRef(raw: string | null): CartRef | null {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof CartRef, unknown>> | null
    if (typeof value?.cartId !== 'string' || typeof value.shopId !== 'string') return null
    if (value.cartId === '' || value.shopId === '') return null
    return { cartId: value.cartId, shopId: value.shopId }
  } catch {
    return null
  }
}

/** The cart id to name for the shop's cart: the reference's, when it is that shop's. */
export function cartIdAt(ref: CartRef | null, shopId: string): string | undefined {
  return ref && ref.shopId === shopId ? ref.cartId : undefined
}
