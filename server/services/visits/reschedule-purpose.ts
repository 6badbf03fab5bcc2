import { and, eq, sql } from 'drizzle-orm'
import { rescheduleSettlement } from '#domain/visit-policy/visit-policy.ts'
import { bookingOrders } from '#server/db/schema/index.ts'
import { badRequest, conflict, Refusal } from '#server/kernel/index.ts'
import type { PreparedCart, PurposeHandler } from '../payments/index.ts'
import { cartChanged, paymentCartLock, paymentDisabled } from '../payments/index.ts'
import type { ChargedLine } from '../pricing/index.ts'
import { type PlannedMove, planMove } from './move.ts'
import { confirmHeldMove } from './move-confirm.ts'
import { paysOnline } from './reschedule.ts'
import { heldMoveOf, holdMove, releaseHeldMove } from './reschedule-hold.ts'

/** prepare's answer, with the planned move attach holds in the cart's transaction. */
interface PreparedMove extends PreparedCart {
  readonly move: PlannedMove
}

const isPreparedMove = (prepared: PreparedCart): prepared is PreparedMove => 'move' in prepared

/**
 * The difference of a visit moved to a dearer one (docs/decisions/042-reschedule-pay-difference.md).
 * prepare (reads only) plans the move as the manage call does and prices ONE line, the
 * difference the policy rule computes (what the customer is shown and charged: nothing the
 * client sends about it is read); attach, in initialize's transaction, holds the new slot in
 * this cart until it lapses; fulfil, in the verified payment's success transaction, moves the
 * visit; abandon releases the hold. A move that is not dearer has nothing to pay here (409
 * `rescheduleNotDearer`: the manage call moves it).
 */
export const reschedulePurpose: PurposeHandler = {
  async prepare({ db, company, body, subject, cache }) {
    if (!paysOnline(company)) {
      throw paymentDisabled('Bookings are not paid online here: the shop settles a dearer move.')
    }
    const wanted = body.reschedule
    if (!wanted) throw badRequest('Invalid request: body.reschedule is required.', 'invalidInput')
    // the payment route always hands it over (server/routes/payment)
    if (!cache) throw new Error('a paid move needs the availability cache')
    const { start, ...target } = wanted
    const move = await planMove(db, cache, company, target, start, subject)
    if (move.managed.order.shopId !== body.shopId) {
      throw badRequest('Invalid request: the visit is at another shop.', 'invalidInput')
    }
    const settlement = rescheduleSettlement(
      move.oldTotal,
      move.newTotal,
      move.managed.order.paidCents,
      true,
    )
    if (settlement.kind !== 'pay') {
      throw new Refusal(409, 'rescheduleNotDearer', 'Conflict: this move has nothing to pay.')
    }
    const difference = settlement.amountCents
    const line: ChargedLine = {
      articleId: `reschedule:${move.managed.order.id}`,
      name: {},
      quantity: 1,
      unitPrice: difference,
      total: difference,
      vatRate: undefined,
      vatAmount: 0,
    }
    const prepared: PreparedMove = {
      cartId: undefined,
      priced: {
        lines: [line],
        subtotal: difference,
        coupon: undefined,
        vouchers: [],
        discount: 0,
        total: difference,
      },
      details: { orderId: move.managed.order.id },
      description: `Booking ${move.managed.order.ideorder}: new time`,
      move,
    }
    return prepared
  },

  async attach({ tx, company, cart, now }, _input, prepared) {
    if (!isPreparedMove(prepared)) throw cartChanged()
    await holdMove(tx, company, cart, prepared.move, paymentCartLock, now)
  },

  async fulfil({ tx, company, cart, chargedCents, dueAtShop, now }) {
    return confirmHeldMove(tx, company, cart, chargedCents, dueAtShop, now)
  },

  /** decision 012: the difference due at the shop was paid there: the order's paid grows. */
  async collected({ tx, company, cart, amountCents, now }) {
    const move = heldMoveOf(cart)
    if (!move) throw cartChanged()
    const [order] = await tx
      .update(bookingOrders)
      .set({ paidCents: sql`${bookingOrders.paidCents} + ${amountCents}`, updatedAt: now })
      .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.id, move.orderId)))
      .returning({ id: bookingOrders.id })
    if (!order) throw conflict('Conflict: no such booking.', 'cartChanged')
    return order.id
  },

  async abandon({ tx, company, cart, now }) {
    await releaseHeldMove(tx, company, cart, now)
  },
}
