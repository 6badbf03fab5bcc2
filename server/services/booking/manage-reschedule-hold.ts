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
  payments,
} from '#server/db/schema/index.ts'
import { conflict, Refusal } from '#server/http/errors.ts'
import { cancelAppointments } from './cancel.ts'
import { HoldsLostError } from './confirm.ts'
import { lockAll, resourceLock } from './locks.ts'
import { resourcesOf, sameIds } from './manage-cancel.ts'
import { chooseMove, insertClaims, insertMoved, type PlannedMove } from './manage-move.ts'
import { queueVisitNotices } from './manage-notice.ts'
import { decide, liveAppointments, shopPolicy } from './manage-visit.ts'

/**
 * A dearer move paid first (docs/decisions/042-reschedule-pay-difference.md). The payment's
 * cart (purpose 'reschedule') HOLDS the new slot: appointments of that cart in status 'hold'
 * with claims lapsing with the cart, so the slot is guarded as any hold is (advisory locks,
 * exclusion constraint) while the visit stays as it was. Only the verified payment's success
 * transaction confirms the held appointments into the order and releases the old ones through
 * cancelAppointments; a lapse or an abandoned payment frees the held slot and moves nothing.
 */

/** What the payment's cart remembers of the move (carts.data.reschedule). */
export interface HeldMove {
  readonly orderId: string
  /** the visit's appointments when the slot was held: the ones the payment moves */
  readonly oldIds: readonly string[]
  readonly heldIds: readonly string[]
  readonly oldTotal: number
  readonly newTotal: number
  /** the old and new start (shop wall-clock), for the messages */
  readonly from: string
  readonly to: string
}

const strings = (value: unknown) =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : null

/** The cart's move; undefined for a cart that is not a paid move's. */
export function heldMoveOf(cart: CartRow): HeldMove | undefined {
  const raw = cart.data.reschedule
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined
  const r = raw as Record<string, unknown>
  const oldIds = strings(r.oldIds)
  const heldIds = strings(r.heldIds)
  const { orderId, oldTotal, newTotal, from, to } = r
  if (!oldIds || !heldIds || typeof orderId !== 'string') return undefined
  if (typeof oldTotal !== 'number' || typeof newTotal !== 'number') return undefined
  if (typeof from !== 'string' || typeof to !== 'string') return undefined
  return { orderId, oldIds, heldIds, oldTotal, newTotal, from, to }
}

/** The order's earlier paid-move carts still open: a new attempt gives them up. */
async function earlierAttempts(tx: Tx, company: CompanyRow, orderId: string, except: string) {
  return tx
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.companyId, company.id),
        eq(carts.purpose, 'reschedule'),
        inArray(carts.status, ['open', 'paying']),
        sql`${carts.data}->'reschedule'->>'orderId' = ${orderId}`,
        sql`${carts.id} <> ${except}`,
      ),
    )
}

/**
 * In initialize's transaction, once the payment's cart exists: holds the new slot until the
 * cart lapses. The policy is decided again on fresh rows; an earlier attempt of the same move
 * is given up first (its hold released), so a retry never finds its own hold in the way. The
 * visit's own claims stay busy: the new slot is taken beside the old one, which is freed only
 * when the payment confirms the move. 409 slotTaken when the slot is not free.
 */
export async function holdMove(
  tx: Tx,
  company: CompanyRow,
  cart: CartRow,
  move: PlannedMove,
  lockPaymentCart: (cartId: string) => string,
  now: Date,
): Promise<HeldMove> {
  const found = move.managed.order
  const earlier = await earlierAttempts(tx, company, found.id, cart.id)
  // a payment's cart lock comes before resource locks, as in the success transaction
  await lockAll(
    tx,
    company.id,
    earlier.map((c) => lockPaymentCart(c.id)),
  )
  const earlierHolds = earlier.length
    ? await tx
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.companyId, company.id),
            inArray(
              appointments.cartId,
              earlier.map((c) => c.id),
            ),
            eq(appointments.status, 'hold'),
          ),
        )
    : []
  const resources = [...resourcesOf(move.before), ...resourcesOf(earlierHolds), ...move.candidates]
  await lockAll(tx, company.id, resources.map(resourceLock))
  const [order] = await tx
    .select()
    .from(bookingOrders)
    .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.id, found.id)))
  const live = await liveAppointments(tx, company.id, found.cartId)
  if (!order || !sameIds(live, move.before))
    throw conflict('Conflict: the booking changed, please retry.', 'retry')
  assertStillAllowed(decide({ policy: move.managed.policy, order }, live, 'reschedule', now))

  const given = earlier.map((c) => c.id)
  if (given.length > 0) {
    await tx
      .update(carts)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(carts.companyId, company.id), inArray(carts.id, given)))
    await tx
      .update(payments)
      .set({ status: 'cancelled', updatedAt: now })
      .where(
        and(
          eq(payments.companyId, company.id),
          inArray(payments.cartId, given),
          inArray(payments.status, ['created', 'requiresAction', 'pending']),
        ),
      )
    const ids = earlierHolds.map((a) => a.id)
    await cancelAppointments(tx, company.id, ids, 'customer', move.managed.actor, now)
  }

  const rows = await chooseMove(tx, company.id, move, now, [])
  const to = {
    cartId: cart.id,
    bookingOrderId: null,
    status: 'hold',
    expiresAt: cart.expiresAt ?? now,
  } as const
  const held = await insertMoved(tx, company, order, move, rows, live, to, now)
  await insertClaims(tx, company, order, rows, held, to)
  const record: HeldMove = {
    orderId: order.id,
    oldIds: live.map((a) => a.id),
    heldIds: held.map((h) => h.id),
    oldTotal: move.oldTotal,
    newTotal: move.newTotal,
    from: live[0]?.localStart ?? '',
    to: move.requests[0]?.start ?? '',
  }
  await tx
    .update(carts)
    .set({ data: { ...cart.data, reschedule: { ...record } as JsonObject } })
    .where(and(eq(carts.companyId, company.id), eq(carts.id, cart.id)))
  return record
}

/**
 * The policy's refusal inside the payment flow: always a 409 (a success that cannot be honoured
 * is refunded by settle.ts), with the type the manage calls answer (docs/api/errors.md).
 */
function assertStillAllowed(decision: ReturnType<typeof decide>): void {
  if (decision.allowed) return
  const type = {
    notManageable: 'notManageable',
    visitPast: 'visitPast',
    notAllowed: 'manageNotAllowed',
    deadlinePassed: 'manageDeadlinePassed',
  } as const
  throw new Refusal(
    409,
    type[decision.reason],
    `Conflict: the visit cannot move now (${decision.reason}).`,
  )
}

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

/**
 * A paid move's cart given up (lapsed, or superseded): its hold is released. Under the cart's
 * payment lock (the sweeper's), so a success at the same moment either moved first or finds
 * the cart expired and is refunded.
 */
export async function releaseHeldMove(
  tx: Tx,
  company: CompanyRow,
  cart: CartRow,
  now: Date,
): Promise<void> {
  const holds = await tx
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, company.id),
        eq(appointments.cartId, cart.id),
        eq(appointments.status, 'hold'),
      ),
    )
  if (holds.length === 0) return
  await lockAll(tx, company.id, resourcesOf(holds).map(resourceLock))
  const ids = holds.map((a) => a.id)
  await cancelAppointments(tx, company.id, ids, 'expired', 'system', now)
}
