import { and, eq } from 'drizzle-orm'
import type { ManageTarget } from '#contract/manage.ts'
import type { CancelGives } from '#contract/visit-policy.ts'
import { cancelReturn } from '#domain/visit-policy/visit-policy.ts'
import type { Db } from '#server/db/client.ts'
import { type AppointmentRow, bookingOrders, type CompanyRow } from '#server/db/schema/index.ts'
import { conflict } from '#server/http/errors.ts'
import type { Subject } from '#server/http/types.ts'
import { clock } from '../clock.ts'
import { creditOrder } from '../orders/refunds.ts'
import { refundPayment } from '../payments/refund.ts'
import { refundTarget } from '../payments/refund-target.ts'
import type { CacheScope } from './availability-cache.ts'
import { cancelAppointments } from './cancel.ts'
import { lockAll, resourceLock } from './locks.ts'
import { queueVisitNotices } from './manage-notice.ts'
import { assertAllowed, decide, findManagedOrder, liveAppointments } from './manage-visit.ts'
import { bookingTransaction } from './transaction.ts'

export interface CancelledVisit {
  readonly orderId: string
  readonly given: {
    kind: CancelGives
    amountCents: number
    currency: string
    status: 'done' | 'failed'
  }
  /** what the committed cancellation freed, for the availability cache */
  readonly touched: CacheScope
}

export const resourcesOf = (rows: readonly AppointmentRow[]) =>
  rows.flatMap((a) => (a.cabinId ? [a.employeeId, a.cabinId] : [a.employeeId]))

/** The same appointments, whatever their order. */
export const sameIds = (a: readonly AppointmentRow[], b: readonly AppointmentRow[]) =>
  a.length === b.length && a.every((row) => b.some((other) => other.id === row.id))

/**
 * A customer cancels their whole visit online (docs/decisions/038-visit-policy.md). Under the
 * advisory locks of its resources, the policy is decided again on fresh rows, then every live
 * appointment goes through cancelAppointments (the slot is free at commit) and what the policy
 * gives is settled: a credit in the same transaction; a refund through the provider that was
 * paid once it has committed (a provider call never runs inside a transaction), and if the
 * provider refuses, the cancellation stands, the answer says 'failed' and the shop's message
 * asks it to refund by hand. Customer and shop are told through the notifier's outbox.
 */
export async function cancelVisit(
  db: Db,
  company: CompanyRow,
  target: ManageTarget,
  subject: Subject | undefined,
): Promise<CancelledVisit> {
  const managed = await findManagedOrder(db, company, target, subject, clock.now())
  const { order: found, actor } = managed
  const before = await liveAppointments(db, company.id, found.cartId)
  assertAllowed(decide(managed, before, 'cancel', clock.now()))

  const done = await bookingTransaction(db, async (tx) => {
    await lockAll(tx, company.id, resourcesOf(before).map(resourceLock))
    const [order] = await tx
      .select()
      .from(bookingOrders)
      .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.id, found.id)))
      .for('update')
    const live = await liveAppointments(tx, company.id, found.cartId)
    const now = clock.now()
    if (!order) throw conflict('Conflict: the booking changed, please retry.', 'retry')
    const decision = decide({ policy: managed.policy, order }, live, 'cancel', now)
    assertAllowed(decision)
    // a reschedule may have moved the visit meanwhile (other resources): start again
    if (!sameIds(live, before))
      throw conflict('Conflict: the booking changed, please retry.', 'retry')
    const gives = decision.allowed ? decision.gives : 'none'
    const amount = cancelReturn(gives, order.paidCents)
    const kind: CancelGives = amount > 0 ? gives : 'none'
    await cancelAppointments(
      tx,
      company.id,
      live.map((a) => a.id),
      'customer',
      actor,
      now,
    )
    const when = live[0]?.localStart ?? ''
    if (kind === 'credit') {
      const [fresh] = await tx
        .select()
        .from(bookingOrders)
        .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.id, order.id)))
      if (fresh) await creditOrder(tx, fresh, amount, actor, now)
    }
    if (kind !== 'refund') {
      await queueVisitNotices(tx, company, order, {
        kind: 'cancelled',
        when,
        given: kind,
        amountCents: amount,
      })
    }
    return { order, kind, amount, when, live }
  })

  let status: 'done' | 'failed' = 'done'
  let amount = done.amount
  if (done.kind === 'refund') {
    try {
      // what the online payment can still give back (vouchers and earlier refunds left out)
      const { payment } = await refundTarget(db, company.id, done.order.id, undefined)
      amount = Math.min(done.amount, payment.amountCents - payment.refundedCents)
      await refundPayment(db, company, { orderId: done.order.id, amount, by: actor })
    } catch {
      status = 'failed'
    }
    const given = status === 'done' ? 'refund' : 'refundFailed'
    await db.transaction((tx) =>
      queueVisitNotices(tx, company, done.order, {
        kind: 'cancelled',
        when: done.when,
        given,
        amountCents: amount,
      }),
    )
  }
  return {
    orderId: done.order.id,
    given: { kind: done.kind, amountCents: amount, currency: done.order.currency, status },
    touched: {
      shopId: done.order.shopId,
      resourceIds: resourcesOf(done.live),
      dates: [...new Set(done.live.map((a) => a.localStart.slice(0, 10)))],
    },
  }
}
