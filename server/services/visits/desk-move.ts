import type { DeskMoveBody } from '#contract/desk.ts'
import { visitPolicy } from '#contract/visit-policy.ts'
import { deskRefusal } from '#domain/studio/desk-rules.ts'
import type { Db } from '#server/db/client.ts'
import { bookingOrderHistory, type CompanyRow } from '#server/db/schema/index.ts'
import { bookingTransaction, clock, forbidden, notFound } from '#server/kernel/index.ts'
import type { AvailabilityCache, PreparedRequest } from '../booking/index.ts'
import { cancelAppointments, prepareRequest } from '../booking/index.ts'
import {
  type BookingOrderWire,
  bookingOrderViews,
  orderByIdeorder,
  reachOf,
  type Staff,
} from '../orders/index.ts'
import { inColumn } from './desk-need.ts'
import { lockedVisit } from './locked-visit.ts'
import { assertAllowed, decide, liveAppointments, type ManagedOrder } from './managed-visit.ts'
import { chooseMove, insertClaims, insertMoved, movedScopes, type PlannedMove } from './move.ts'
import { movedRequests } from './moved-requests.ts'
import { queueVisitNotices } from './notice.ts'

/**
 * The studio moves a visit whatever the online deadline (the customer's policy binds the
 * customer, not the salon): still only a confirmed visit that has not started.
 */
const STAFF_MOVES = visitPolicy.parse({ reschedule: true, deadlineHours: 0 })

/**
 * PUT /bookingOrder/move (docs/decisions/077-desk-booking.md): the whole visit to another start
 * and, given, into another column; without one each service keeps its column. The customer's
 * move rule (move.ts: the new slot prepared as a new booking, chosen and written under the
 * locks of the old resources and every candidate, the old appointments released, the new
 * claims written last behind the exclusion constraint), with the visit's booked prices kept
 * (the desk moves a visit, it does not reprice it) and a history row naming who moved it.
 * A taken slot is 409. A practitioner moves only visits they reach and only into their columns.
 */
export async function deskMove(
  db: Db,
  cache: AvailabilityCache,
  company: CompanyRow,
  staff: Staff,
  body: DeskMoveBody,
): Promise<BookingOrderWire> {
  const order = await orderByIdeorder(db, company.id, body.ideorder, reachOf(staff.scope))
  if (!order) throw notFound('No such order.')
  const managed: ManagedOrder = { order, actor: staff.providerId, policy: STAFF_MOVES }
  const before = await liveAppointments(db, company.id, order.cartId)
  assertAllowed(decide(managed, before, 'reschedule', clock.now()))
  const columns = before.map((a) => body.resourceId ?? a.employeeId)
  const refusal = deskRefusal(staff.scope, order.shopId, columns)
  if (refusal) throw forbidden('Move visits only into your own columns.')

  const requests = movedRequests(before, body.start)
  const prepared: PreparedRequest[] = []
  for (const [i, request] of requests.entries()) {
    const ends = async () => requests.slice(0, i).map((r) => r.end)
    const p = inColumn(await prepareRequest(db, cache, company, request, ends, 'desk'), columns[i])
    const priceCents = before[i]?.priceCents ?? p.service.priceCents
    prepared.push({ ...p, service: { ...p.service, priceCents } })
  }
  const oldTotal = before.reduce((sum, a) => sum + a.priceCents, 0)
  const move: PlannedMove = {
    managed,
    before,
    requests,
    prepared,
    oldTotal,
    newTotal: oldTotal,
    candidates: prepared.flatMap((p) => [...p.need.employees, ...(p.need.cabins ?? [])]),
  }

  const moved = await bookingTransaction(db, async (tx) => {
    const locked = await lockedVisit(tx, company.id, managed, before, 'reschedule', move.candidates)
    const { live, now } = locked
    const oldIds = live.map((a) => a.id)
    const rows = await chooseMove(tx, company.id, move, now, oldIds)
    const to = {
      cartId: locked.order.cartId,
      bookingOrderId: locked.order.id,
      status: 'confirmed',
      expiresAt: null,
    } as const
    const inserted = await insertMoved(tx, company, locked.order, move, rows, live, to, now)
    // the new appointments are live first, so releasing the old never empties the order
    await cancelAppointments(tx, company.id, oldIds, 'provider', staff.providerId, now)
    await insertClaims(tx, company, locked.order, rows, inserted, to)
    await tx.insert(bookingOrderHistory).values({
      companyId: company.id,
      bookingOrderId: locked.order.id,
      status: locked.order.status,
      at: now,
      by: staff.providerId,
      movedFrom: live[0]?.localStart ?? null,
    })
    await queueVisitNotices(tx, company, locked.order, {
      kind: 'moved',
      from: live[0]?.localStart ?? '',
      to: requests[0]?.start ?? body.start,
      startsAt: prepared[0]?.startsAt ?? now,
      creditedCents: 0,
    })
    return movedScopes(locked.order.shopId, live, rows)
  })
  for (const scope of moved) cache.invalidate(company.id, scope)
  const fresh = await orderByIdeorder(db, company.id, order.ideorder)
  const [view] = await bookingOrderViews(db, company.id, fresh ? [fresh] : [])
  if (!view) throw notFound('No such order.')
  return view
}
