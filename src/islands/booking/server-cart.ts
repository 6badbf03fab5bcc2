import { useEffect } from 'react'
import { ApiError } from '#api/errors'
import type { HeldCart } from '#contract/held-cart'
import type { BookingSlot } from '#domain/booking/booking-line'
import { type CartRef, cartIdAt, parseCartRef } from '#domain/booking/cart-ref'
import { bookingCartShopId } from '#domain/cart/booking-cart'
import { bookingCart } from '#stores/browser'
import { islandApi } from '../shared/island-api'
import { type BookingCartAction, cartSlotOf, linesFromServer, sameCart } from './booking-cart-state'
import { CART_REF_KEY } from './confirmation'

/**
 * The server's booking cart as the page reaches it (docs/decisions/073-one-cart.md): session
 * storage keeps its id and shop (src/domain/booking/cart-ref.ts), the calls answer the whole
 * cart, and the page's lines become that answer (booking-cart-state.ts linesFromServer).
 */
const cartRef = {
  read(): CartRef | null {
    try {
      return parseCartRef(sessionStorage.getItem(CART_REF_KEY))
    } catch {
      return null
    }
  },
  write(ref: CartRef): void {
    sessionStorage.setItem(CART_REF_KEY, JSON.stringify(ref))
  },
  clear(): void {
    sessionStorage.removeItem(CART_REF_KEY)
  },
}

/** The server's answer about its cart: kept by id, and the store's lines become what it says. */
function answered(server: HeldCart, shopId: string): HeldCart {
  cartRef.write({ cartId: server.cartId, shopId })
  const current = bookingCart.$cart.get().items
  const next = linesFromServer(current, server)
  if (!sameCart(next, current)) {
    bookingCart.clear()
    for (const line of next) bookingCart.add(line, line.nb)
  }
  return server
}

/** PUT /api/appointments/cart: every slot of the visit in one call, which answers the cart. */
export async function holdSlots(shopId: string, slots: readonly BookingSlot[]): Promise<HeldCart> {
  const server = await islandApi.appointments.holdCart({
    body: { shopId, cartId: cartIdAt(cartRef.read(), shopId), slots: slots.map(cartSlotOf) },
  })
  return answered(server, shopId)
}

/**
 * A removed line's hold is released at once (else the server would charge it with the others):
 * the cart is asked to hold what it held but that slot, or released when nothing is left.
 * Answers the cart now (null once released), or undefined when it held no such slot.
 */
export async function releaseSlot(
  server: HeldCart,
  shopId: string,
  slot: BookingSlot,
): Promise<HeldCart | null | undefined> {
  const held = server.order.appointments
  const kept = held.filter((a) => a.serviceId !== slot.serviceId || a.start !== slot.start)
  if (kept.length === held.length) return undefined
  if (kept.length === 0) {
    await islandApi.appointments.releaseCart({ params: { cartId: server.cartId } })
    cartRef.clear()
    return null
  }
  const slots = kept.map((a) => cartSlotOf({ ...slot, ...a, employeeId: a.employeeId ?? null }))
  const next = await islandApi.appointments.holdCart({
    body: { shopId, cartId: server.cartId, slots },
  })
  return answered(next, shopId)
}

/**
 * On arrival, a signed-in page that knows a cart id asks the server for that cart and shows its
 * answer; a cart paid, lapsed or not this customer's (404) is forgotten, and a cart of another
 * shop than the lines picked since is left to lapse.
 */
export function useServerCart(signedIn: boolean, dispatch: (action: BookingCartAction) => void) {
  useEffect(() => {
    const ref = signedIn ? cartRef.read() : null
    const picked = bookingCartShopId(bookingCart.$cart.get())
    if (!ref || (picked !== null && String(picked) !== ref.shopId)) return
    let current = true
    islandApi.appointments.cart({ params: { cartId: ref.cartId } }).then(
      (server) => {
        if (current) dispatch({ type: 'restored', cart: answered(server, ref.shopId) })
      },
      (failure: unknown) => {
        if (!current || !(failure instanceof ApiError) || failure.status !== 404) return
        cartRef.clear()
        dispatch({ type: 'forgotten' })
      },
    )
    return () => {
      current = false
    }
  }, [signedIn, dispatch])
}
