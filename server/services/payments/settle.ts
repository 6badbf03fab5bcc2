import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { payments } from '#server/db/schema/index.ts'
import { clock, Refusal } from '#server/kernel/index.ts'
import { refuseFulfilment } from './refuse.ts'
import type { Settled, SettleInput } from './settled.ts'
import { OPEN_PAYMENT_STATUSES } from './statuses.ts'
import { succeed } from './succeed.ts'

/**
 * Applies a provider's outcome to a payment. Success runs the purpose's fulfilment (confirmed
 * appointments and booking order, paid e-shop order, active voucher) and marks payment and cart
 * paid in ONE transaction, guarded twice against repeats: the delivery's event key
 * (payment_events unique) and the status transition. A success that cannot be honoured (holds
 * lost, cart changed or already paid, voucher spent, amount not ours) is refunded. A failure
 * releases nothing: the holds (or the reserved stock) stay until the cart expires, so the
 * customer can retry with another card.
 */
export async function settle(db: Db, input: SettleInput): Promise<Settled> {
  const { outcome } = input
  if (outcome.kind === 'succeeded') {
    try {
      return await succeed(db, input, outcome)
    } catch (error) {
      if (!(error instanceof Refusal) || error.status !== 409) throw error
      return refuseFulfilment(db, input, outcome, error)
    }
  }
  const now = clock.now()
  // Only an open payment, or one that failed before (a retried card), takes the new state; a
  // refused one (failed, its money sent back) and a taken one stay as they are.
  await db
    .update(payments)
    .set({
      status: outcome.kind,
      ...(outcome.kind === 'failed'
        ? { errorType: outcome.errorType, errorMessage: outcome.message }
        : {}),
      updatedAt: now,
    })
    .where(
      and(
        eq(payments.companyId, input.company.id),
        eq(payments.id, input.paymentId),
        inArray(payments.status, [...OPEN_PAYMENT_STATUSES, 'failed']),
        eq(payments.refundedCents, 0),
      ),
    )
  if (outcome.kind === 'failed') {
    return { status: 'failed', errorType: outcome.errorType, message: outcome.message }
  }
  return outcome.kind === 'requiresAction'
    ? {
        status: 'requiresAction',
        ...(outcome.redirectUrl ? { redirectUrl: outcome.redirectUrl } : {}),
      }
    : { status: 'pending' }
}
