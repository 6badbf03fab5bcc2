import { and, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { carts, payments } from '#server/db/schema/index.ts'
import type { Refusal } from '#server/kernel/index.ts'
import { clock } from '#server/kernel/index.ts'
import { customerEmail, providerContext, providerPayment } from './context.ts'
import { recordEvent } from './events.ts'
import { providerNamed } from './providers/index.ts'
import type { Outcome } from './providers/types.ts'
import type { Settled, SettleInput } from './settled.ts'
import { paymentRow } from './succeed.ts'

type Succeeded = Extract<Outcome, { kind: 'succeeded' }>

/**
 * The provider took the money but the cart cannot be honoured (its holds lapsed and were
 * taken, it changed, it was paid by another attempt, a voucher was spent elsewhere, or the
 * amount is not ours). Nothing is confirmed; the payment is recorded 'failed' with the reason
 * (final: a later delivery about it changes nothing), the delivery remembered and the whole
 * amount refunded at once (refunded_cents).
 * If the refund itself fails it is logged in the payment's data (refundPending) for an operator.
 */
export async function refuseFulfilment(
  db: Db,
  input: SettleInput,
  outcome: Succeeded,
  reason: Refusal,
): Promise<Settled> {
  const { company } = input
  const now = clock.now()
  const payment = await paymentRow(db, company.id, input.paymentId)
  const fresh = await db.transaction(async (tx) => {
    const recorded = await recordEvent(tx, {
      companyId: company.id,
      provider: payment.provider,
      eventKey: input.eventKey,
      paymentId: payment.id,
      kind: `${input.source}:refused`,
      payload: { ...input.payload, reason: reason.type },
      at: now,
    })
    if (recorded) {
      await tx
        .update(payments)
        .set({
          status: 'failed',
          errorType: reason.type,
          errorMessage: reason.message,
          data: { ...payment.data, ...outcome.data, transactionId: outcome.transactionId },
          updatedAt: now,
        })
        .where(and(eq(payments.companyId, company.id), eq(payments.id, payment.id)))
    }
    return recorded
  })
  const failed: Settled = { status: 'failed', errorType: reason.type, message: reason.message }
  // Nothing to send back when nothing was taken (decision 012: due at the shop).
  if (!fresh || outcome.amountCents <= 0 || outcome.dueAtShop === true) return failed

  const provider = providerNamed(payment.provider)
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.companyId, company.id), eq(carts.id, payment.cartId)))
  if (!provider || !cart) return failed
  const taken = await paymentRow(db, company.id, payment.id)
  const email = await customerEmail(db, company.id, cart.customerId)
  const refund = { amountCents: outcome.amountCents, key: `auto-refund-${payment.id}` }
  // The payment stays 'failed' (it bought nothing); refunded_cents says the money went back.
  const data = await provider
    .refund(
      await providerContext(db, company),
      providerPayment(company, taken, cart, { description: '', email }),
      refund,
    )
    .then(
      (refundId) => ({ refunded: refund.amountCents, refundId }),
      (error: unknown) => ({
        refunded: 0,
        refundPending: error instanceof Error ? error.message : String(error),
      }),
    )
  const { refunded, ...extra } = data
  await db
    .update(payments)
    .set({
      refundedCents: Math.min(refunded, taken.amountCents),
      data: { ...taken.data, ...extra },
      updatedAt: clock.now(),
    })
    .where(and(eq(payments.companyId, company.id), eq(payments.id, payment.id)))
  return failed
}
