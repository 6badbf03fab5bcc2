import { randomUUID } from 'node:crypto'
import type { BookingStatus } from '#contract/booking-order.ts'
import type { Db } from '#server/db/client.ts'
import type { OrderViewRows } from '../../orders/index.ts'
import type { HoldLimits, HoldRefusal } from './hold-limits.ts'

/**
 * A hold's locks and writes in ONE call and one round trip (docs/decisions/045-hold-as-one-call.md):
 * the database function booking_hold (server/db/migrations/0013_hold_function.sql) takes the
 * advisory locks, then runs the hold statement of docs/decisions/041-hold-in-one-round-trip.md in
 * a snapshot taken after them. The statement looks for any claim overlapping the chosen resources
 * (live, or a lapsed hold not yet cancelled: both would trip the exclusion constraint) and counts
 * what the hold limits need (docs/decisions/017-abuse-limits.md), before this hold; only when no
 * claim is in the way and the customer is under the limits it finds or creates the customer's
 * open cart and its pending order (with its first history row), inserts the appointment and its
 * claims, lapsing when the cart does (the cart's deadline is set by its first hold and no later
 * hold restarts it: docs/decisions/062-visit-bound-and-list-params.md), and sets the cart's and
 * order's totals to the live sum. The order view the call answers with is built from the rows it wrote (RETURNING) and
 * the rest of the snapshot, in the shape booking-order.ts reads. Called outside a transaction it
 * is one: it commits what it wrote, or nothing.
 */

export interface HoldWrite {
  readonly companyId: number
  readonly customerId: string
  readonly shopId: string
  readonly serviceId: string
  readonly employeeId: string
  readonly cabinId: string | null
  readonly equipmentIds: readonly string[]
  readonly hold: boolean
  readonly startsAt: Date
  readonly endsAt: Date
  readonly localStart: string
  readonly localEnd: string
  readonly timeZone: string
  readonly priceCents: number
  readonly currency: string
  readonly giftCode: string | null
  readonly customMessage: string | null
  /** when this hold lapses at the latest: a new cart's deadline; in an open cart, the cart's */
  readonly expiresAt: Date
  /** a waitlist offer: keeps its own deadline, and the open cart's grows to it */
  readonly extendsCart: boolean
  /** the order number a new cart's order gets (unused when the cart exists) */
  readonly orderNumber: string
  readonly now: Date
  /** the advisory lock keys to take first, sorted (locks.ts lockKeys) */
  readonly lockKeys: readonly number[]
  /** the customer's hold limits (hold-limits.ts), or none (a hold placed for them) */
  readonly limits: HoldLimits | null
}

export interface HoldWritten {
  /** the shop is gone (removed): nothing written */
  readonly shopGone?: boolean
  /** claims in the way, nothing written: live ones, or lapsed holds to cancel first */
  readonly clash: readonly { readonly appointmentId: string; readonly live: boolean }[]
  readonly cartId: string | null
  readonly appointmentId: string | null
  /** over one of the customer's hold limits, which (nothing written): hold-limits.ts */
  readonly refused: HoldRefusal | null
  /** the order as written, for the answer (booking-order.ts reads it): null when nothing was */
  readonly view: OrderViewRows | null
}

const DAY_MS = 86_400_000

// booking_hold behind the shop's lock (migration 0031, docs/decisions/104-shop-removal-lock.md)
const HOLD_CALL = 'select booking_hold_at_shop($1::int4[], $2::jsonb) as payload'

export async function writeHoldStatement(db: Db, hold: HoldWrite): Promise<HoldWritten> {
  const status: BookingStatus = hold.hold ? 'pending' : 'confirmed'
  const params = JSON.stringify({
    company: hold.companyId,
    customer: hold.customerId,
    shop: hold.shopId,
    service: hold.serviceId,
    employee: hold.employeeId,
    cabin: hold.cabinId,
    claims: [
      { id: hold.employeeId, kind: 'employee' },
      ...(hold.cabinId === null ? [] : [{ id: hold.cabinId, kind: 'cabin' }]),
    ],
    equipment: hold.equipmentIds,
    status: hold.hold ? 'hold' : 'confirmed',
    orderStatus: status,
    start: hold.startsAt.toISOString(),
    end: hold.endsAt.toISOString(),
    localStart: hold.localStart,
    localEnd: hold.localEnd,
    timeZone: hold.timeZone,
    expires: hold.hold ? hold.expiresAt.toISOString() : null,
    cartExpires: hold.expiresAt.toISOString(),
    extendsCart: hold.extendsCart,
    price: hold.priceCents,
    currency: hold.currency,
    gift: hold.giftCode,
    message: hold.customMessage,
    orderNumber: hold.orderNumber,
    newCart: randomUUID(),
    appointment: randomUUID(),
    now: hold.now.toISOString(),
    dayAgo: new Date(hold.now.getTime() - DAY_MS).toISOString(),
    limits: hold.limits && {
      liveHolds: hold.limits.liveHolds,
      dayHolds: hold.limits.dayHolds,
      holdsPerDay: hold.limits.holdsPerDay,
      renewBefore: new Date(
        hold.now.getTime() - hold.limits.cartRenewMinutes * 60_000,
      ).toISOString(),
    },
  })
  // named, so each connection parses it once; the function's own statements are planned once
  // per connection by PL/pgSQL
  const statement = db._.session.prepareQuery(
    { sql: HOLD_CALL, params: [[...hold.lockKeys], params] },
    undefined,
    'booking_hold_at_shop',
    false,
  )
  const result = await statement.execute()
  const [first] = (result as unknown as { rows: { payload: string }[] }).rows
  return JSON.parse(first?.payload ?? '{}') as HoldWritten
}
