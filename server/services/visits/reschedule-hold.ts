import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import {
  bookingOrders,
  type CartRow,
  type CompanyRow,
  carts,
  type JsonObject,
  payments,
} from '#server/db/schema/index.ts'
import { conflict, lockAll, Refusal, resourceLock } from '#server/kernel/index.ts'
import { cancelAppointments, cartHolds } from '../booking/index.ts'
import { resourcesOf, sameIds } from './locked-visit.ts'
import { decide, liveAppointments } from './managed-visit.ts'
import { chooseMove, insertClaims, insertMoved, type PlannedMove } from './move.ts'

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
  const earlierHolds = await cartHolds(
    tx,
    company.id,
    earlier.map((c) => c.id),
  )
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
export function assertStillAllowed(decision: ReturnType<typeof decide>): void {
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
  const holds = await cartHolds(tx, company.id, [cart.id])
  if (holds.length === 0) return
  await lockAll(tx, company.id, resourcesOf(holds).map(resourceLock))
  const ids = holds.map((a) => a.id)
  await cancelAppointments(tx, company.id, ids, 'expired', 'system', now)
}
