import * as z from 'zod/mini'
import { cartSlot } from './appointment'
import { bookingOrder } from './booking-order'
import { id, instant, maybe } from './common'
import { MAX_LIVE_HOLDS } from './constants'

/**
 * The booking cart as the server holds it (docs/decisions/073-one-cart.md): the only truth about
 * what a visit holds and costs. The browser keeps its id and renders this answer.
 */

/**
 * PUT /api/appointments/cart: the slots the cart must hold, all of them, in the order of the visit.
 * Held slots still named are kept, held slots no longer named are released, the others are held.
 */
export const cartHoldRequest = z.object({
  shopId: id,
  /** the cart an earlier answer named; a cart that is no longer the customer's open one is ignored */
  cartId: maybe(id),
  slots: z
    .array(cartSlot)
    .check(
      z.minLength(1, 'A cart holds at least one slot.'),
      z.maxLength(MAX_LIVE_HOLDS, `A cart holds at most ${MAX_LIVE_HOLDS} slots.`),
    ),
})
export type CartHoldRequest = z.infer<typeof cartHoldRequest>

/** The server's booking cart: its id, when its holds lapse, and its order (lines, prices, total). */
export const heldCart = z.object({
  cartId: id,
  /** when the holds lapse unless paid; null when nothing lapses (booked without payment) */
  expiresAt: z.nullable(instant),
  order: bookingOrder,
})
export type HeldCart = z.infer<typeof heldCart>
