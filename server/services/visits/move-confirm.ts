import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import {
  type AppointmentRow,
  appointmentClaims,
  appointments,
  bookingOrders,
  type CartRow,
  type CompanyRow,
  carts,
  type JsonObject,
} from '#server/db/schema/index.ts'
import { conflict, lockAll, resourceLock } from '#server/kernel/index.ts'
import { cancelAppointments, HoldsLostError } from '../booking/index.ts'
import { resourcesOf } from './locked-visit.ts'
import { decide, liveAppointments, shopPolicy } from './managed-visit.ts'
import { queueVisitNotices } from './notice.ts'
import { assertStillAllowed, heldMoveOf } from './reschedule-hold.ts'

/**
 * The second half of a dearer move paid first (docs/decisions/042-reschedule-pay-difference.md):
 * the verified payment's success moves the visit onto the slot its cart held
 * (reschedule-hold.ts holds and releases it).
 */

/**
 * In the payment's success transaction (under the cart's payment lock): the move happens, once.
 * Under the locks of the old and held resources, the policy is decided again on fresh rows, the
 * visit must be the one the slot was held for and the hold still live (else 409: nothing moves
 * and settle.ts refunds). The held appointments turn confirmed into the order, the old ones are
 * released through cancelAppointments, the order's total becomes the new one and its paid grows
 * by what was charged; the bill's lines take the new prices. Answers the order id.
 */
export async function confirmHeldMove(
  tx: Tx,
  company: CompanyRow,
  cart: CartRow,
  chargedCents: number,
  /** decision 012: confirmed without money, the difference due at the shop */
  dueAtShop: boolean,
  now: Date,
): Promise<string> {
  const move = heldMoveOf(cart)
  if (!move) throw conflict('Conflict: this cart is not a move.', 'cartChanged')
  const touched = await tx
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, company.id),
        inArray(appointments.id, [...move.oldIds, ...move.heldIds]),
      ),
    )
  await lockAll(tx, company.id, resourcesOf(touched).map(resourceLock))
  const [order] = await tx
    .select()
    .from(bookingOrders)
    .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.id, move.orderId)))
    .for('update')
  if (!order) throw conflict('Conflict: the booking changed.', 'cartChanged')
  const live = await liveAppointments(tx, company.id, order.cartId)
  const policy = await shopPolicy(tx, company.id, order.shopId)
  assertStillAllowed(decide({ policy, order }, live, 'reschedule', now))
  const moved = live.map((a) => a.id)
  if (moved.length !== move.oldIds.length || !move.oldIds.every((id) => moved.includes(id)))
    throw conflict('Conflict: the booking changed since the slot was held.', 'cartChanged')
  const held = await tx
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, company.id),
        inArray(appointments.id, [...move.heldIds]),
        eq(appointments.status, 'hold'),
        gt(appointments.expiresAt, now),
      ),
    )
  if (held.length !== move.heldIds.length) throw new HoldsLostError()

  const heldIds = [...move.heldIds]
  await tx
    .update(appointments)
    .set({
      status: 'confirmed',
      expiresAt: null,
      cartId: order.cartId,
      bookingOrderId: order.id,
      updatedAt: now,
    })
    .where(and(eq(appointments.companyId, company.id), inArray(appointments.id, heldIds)))
  await tx
    .update(appointmentClaims)
    .set({ status: 'confirmed', expiresAt: null })
    .where(
      and(
        eq(appointmentClaims.companyId, company.id),
        inArray(appointmentClaims.appointmentId, heldIds),
      ),
    )
  const actor = order.customerId ?? 'customer'
  await cancelAppointments(tx, company.id, [...move.oldIds], 'customer', actor, now)
  await tx
    .update(bookingOrders)
    .set({
      totalCents: move.newTotal,
      paidCents: sql`${bookingOrders.paidCents} + ${chargedCents}`,
      updatedAt: now,
    })
    .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.id, order.id)))
  await repriceBill(tx, company.id, order.cartId, held, move.newTotal - move.oldTotal, now)
  await queueVisitNotices(tx, company, order, {
    kind: 'moved',
    from: move.from,
    to: move.to,
    startsAt: held[0]?.startsAt ?? now,
    creditedCents: 0,
    difference: { amountCents: move.newTotal - move.oldTotal, due: dueAtShop },
  })
  return order.id
}

/**
 * The order's bill is its cart's priced lines (services/orders/booking-view.ts): each line of a
 * moved service takes the price it was moved at, and the cart's totals grow by the difference.
 */
async function repriceBill(
  tx: Tx,
  companyId: number,
  cartId: string,
  held: readonly AppointmentRow[],
  difference: number,
  now: Date,
): Promise<void> {
  const [cart] = await tx
    .select()
    .from(carts)
    .where(and(eq(carts.companyId, companyId), eq(carts.id, cartId)))
  if (!cart) return
  const price = new Map(held.map((a) => [a.serviceId, a.priceCents]))
  const lines = Array.isArray(cart.data.lines)
    ? cart.data.lines.map((raw) => {
        if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw
        const line = raw as JsonObject
        const moved = typeof line.articleId === 'string' ? price.get(line.articleId) : undefined
        return moved === undefined ? line : { ...line, unitPrice: moved }
      })
    : cart.data.lines
  await tx
    .update(carts)
    .set({
      data: lines === undefined ? cart.data : { ...cart.data, lines },
      subtotalCents: cart.subtotalCents + difference,
      totalCents: cart.totalCents + difference,
      updatedAt: now,
    })
    .where(and(eq(carts.companyId, companyId), eq(carts.id, cartId)))
}
