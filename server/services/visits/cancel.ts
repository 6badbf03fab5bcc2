import { and, eq } from 'drizzle-orm'
import type { ManageTarget } from '#contract/manage.ts'
import type { CancelGives } from '#contract/visit-policy.ts'
import { cancelReturn } from '#domain/visit-policy/visit-policy.ts'
import type { Db } from '#server/db/client.ts'
import { bookingOrders, type CompanyRow } from '#server/db/schema/index.ts'
import type { Subject } from '#server/kernel/index.ts'
import { bookingTransaction, clock } from '#server/kernel/index.ts'
import type { CacheScope } from '../booking/index.ts'
import { cancelAppointments } from '../booking/index.ts'
import { creditOrder, refundBookingOrder } from '../payments/index.ts'
import { lockedVisit, resourcesOf } from './locked-visit.ts'
import {
  assertAllowed,
  decide,
  findManagedOrder,
  liveAppointments,
  type ManagedOrder,
} from './managed-visit.ts'
import { queueVisitNotices } from './notice.ts'

export interface CancelledVisit {
  readonly orderId: string
  readonly given: {
    kind: CancelGives
    /** what was given back, in all */
    amountCents: number
    /** a refund a provider refused: the shop refunds it by hand */
    unrefundedCents: number
    currency: string
    status: 'done' | 'failed'
  }
  /** what the committed cancellation freed, for the availability cache */
  readonly touched: CacheScope
}

/**
 * A customer cancels their whole visit online (docs/decisions/038-visit-policy.md). Under the
 * advisory locks of its resources, the policy is decided again on fresh rows, then every live
 * appointment goes through cancelAppointments (the slot is free at commit) and what the policy
 * gives is settled: a credit in the same transaction; a refund once it has committed (a
 * provider call never runs inside a transaction), across every payment of the visit (its own
 * and each paid move's difference, docs/decisions/042-reschedule-pay-difference.md) through the
 * provider that took each; if a provider refuses, the cancellation stands, what was refunded
 * stays refunded, the answer says what was given back and 'failed', and the shop's message
 * asks it to refund the rest by hand. Customer and shop are told through the notifier's outbox.
 */
export async function cancelVisit(
  db: Db,
  company: CompanyRow,
  target: ManageTarget,
  subject: Subject | undefined,
): Promise<CancelledVisit> {
  const managed = await findManagedOrder(db, company, target, subject, clock.now())
  return cancelManaged(db, company, managed, 'customer')
}

/**
 * The cancellation itself, for whoever acts: the customer (above) or the studio
 * (desk-cancel.ts: the shop's policy, or the owner's override as a policy of its own).
 */
export async function cancelManaged(
  db: Db,
  company: CompanyRow,
  managed: ManagedOrder,
  reason: 'customer' | 'provider',
): Promise<CancelledVisit> {
  const { order: found, actor } = managed
  const before = await liveAppointments(db, company.id, found.cartId)
  assertAllowed(decide(managed, before, 'cancel', clock.now()))

  const done = await bookingTransaction(db, async (tx) => {
    // a reschedule may have moved the visit meanwhile (other resources): the customer retries
    const { order, live, now, decision } = await lockedVisit(
      tx,
      company.id,
      managed,
      before,
      'cancel',
    )
    const gives = decision.allowed ? decision.gives : 'none'
    const amount = cancelReturn(gives, order.paidCents)
    const kind: CancelGives = amount > 0 ? gives : 'none'
    await cancelAppointments(
      tx,
      company.id,
      live.map((a) => a.id),
      reason,
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
        failedCents: 0,
      })
    }
    return { order, kind, amount, when, live }
  })

  let status: 'done' | 'failed' = 'done'
  let amount = done.amount
  let unrefunded = 0
  if (done.kind === 'refund') {
    // every payment of the visit (its own and each paid move's difference), each through its
    // provider, for what it can still give back (vouchers and earlier refunds left out); each
    // refusal is counted there, and if the payments cannot even be read the shop refunds all
    const refund = await refundBookingOrder(db, company, done.order, done.amount, actor).catch(
      () => ({ refundedCents: 0, failedCents: done.amount }),
    )
    amount = refund.refundedCents
    unrefunded = refund.failedCents
    if (unrefunded > 0) status = 'failed'
    await db.transaction((tx) =>
      queueVisitNotices(tx, company, done.order, {
        kind: 'cancelled',
        when: done.when,
        given: 'refund',
        amountCents: refund.refundedCents,
        failedCents: refund.failedCents,
      }),
    )
  }
  return {
    orderId: done.order.id,
    given: {
      kind: done.kind,
      amountCents: amount,
      unrefundedCents: unrefunded,
      currency: done.order.currency,
      status,
    },
    touched: {
      shopId: done.order.shopId,
      resourceIds: resourcesOf(done.live),
      dates: [...new Set(done.live.map((a) => a.localStart.slice(0, 10)))],
    },
  }
}
