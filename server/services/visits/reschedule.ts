import { and, eq } from 'drizzle-orm'
import type { ManageTarget } from '#contract/manage.ts'
import { rescheduleSettlement } from '#domain/visit-policy/visit-policy.ts'
import type { Db } from '#server/db/client.ts'
import { bookingOrders, type CompanyRow } from '#server/db/schema/index.ts'
import type { Subject } from '#server/kernel/index.ts'
import { bookingTransaction, Refusal } from '#server/kernel/index.ts'
import type { AvailabilityCache, CacheScope } from '../booking/index.ts'
import { cancelAppointments } from '../booking/index.ts'
import { creditOrder, paymentSettingsOf } from '../payments/index.ts'
import { lockedVisit } from './locked-visit.ts'
import { chooseMove, insertClaims, insertMoved, movedScopes, planMove } from './move.ts'
import { queueVisitNotices } from './notice.ts'

export interface MovedVisit {
  readonly orderId: string
  readonly creditedCents: number
  readonly currency: string
  /** what the committed move changed (the old slot and the new), for the availability cache */
  readonly touched: readonly CacheScope[]
}

/** Can the difference of a dearer move be paid (docs/decisions/042-reschedule-pay-difference.md)? */
export function paysOnline(company: CompanyRow): boolean {
  const settings = paymentSettingsOf(company)
  return settings.enabled && settings.provider !== null && settings.servicePayment
}

/**
 * A customer moves their whole visit to another start online (docs/decisions/038-visit-policy.md).
 * The new slot is planned (move.ts planMove) and settled by the policy rule: a cheaper
 * one credits the difference; a dearer one is 409, either `rescheduleDifferenceDue` (pay it
 * first: purpose 'reschedule' of the payment flow, docs/decisions/042-reschedule-pay-difference.md)
 * or `rescheduleCostsMore` where nothing takes payments online. Then ONE transaction, under the
 * advisory locks of the old resources and every candidate of the new slot: the policy decided
 * again on fresh rows, the new appointments chosen and written as confirmed, the old ones
 * released through cancelAppointments, the new claims written last (the exclusion constraint
 * stands behind the choice). The old slot is thus free only if the new one is taken, and a
 * burst of moves to one slot gives it to one.
 */
export async function rescheduleVisit(
  db: Db,
  cache: AvailabilityCache,
  company: CompanyRow,
  target: ManageTarget,
  start: string,
  subject: Subject | undefined,
): Promise<MovedVisit> {
  const move = await planMove(db, cache, company, target, start, subject)
  const { managed, before, requests, newTotal } = move
  const { order: found, actor } = managed
  const settlement = rescheduleSettlement(
    move.oldTotal,
    newTotal,
    found.paidCents,
    paysOnline(company),
  )
  if (settlement.kind === 'pay') throw differenceDue(settlement.amountCents)
  if (settlement.kind === 'refuse') {
    throw new Refusal(
      409,
      'rescheduleCostsMore',
      `Conflict: the new visit costs ${settlement.differenceCents} more; call the shop.`,
    )
  }

  const moved = await bookingTransaction(db, async (tx) => {
    const { order, live, now } = await lockedVisit(
      tx,
      company.id,
      managed,
      before,
      'reschedule',
      move.candidates,
    )
    const oldIds = live.map((a) => a.id)
    const rows = await chooseMove(tx, company.id, move, now, oldIds)
    const to = {
      cartId: order.cartId,
      bookingOrderId: order.id,
      status: 'confirmed',
      expiresAt: null,
    } as const
    const inserted = await insertMoved(tx, company, order, move, rows, live, to, now)
    // the new appointments are live first, so releasing the old never empties the order
    await cancelAppointments(tx, company.id, oldIds, 'customer', actor, now)
    await insertClaims(tx, company, order, rows, inserted, to)
    await tx
      .update(bookingOrders)
      .set({ totalCents: newTotal, updatedAt: now })
      .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.id, order.id)))
    const credited = settlement.kind === 'credit' ? settlement.amountCents : 0
    if (credited > 0) {
      const [fresh] = await tx
        .select()
        .from(bookingOrders)
        .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.id, order.id)))
      if (fresh) await creditOrder(tx, fresh, credited, actor, now)
    }
    await queueVisitNotices(tx, company, order, {
      kind: 'moved',
      from: live[0]?.localStart ?? '',
      to: requests[0]?.start ?? start,
      startsAt: move.prepared[0]?.startsAt ?? now,
      creditedCents: credited,
    })
    return { credited, touched: movedScopes(order.shopId, live, rows) }
  })
  return {
    orderId: found.id,
    creditedCents: moved.credited,
    currency: found.currency,
    touched: moved.touched,
  }
}

/** 409: the move costs more and is paid first (docs/api/errors.md). */
const differenceDue = (cents: number) =>
  new Refusal(
    409,
    'rescheduleDifferenceDue',
    `Conflict: the new visit costs ${cents} more: pay the difference first (payment purpose 'reschedule').`,
  )
