import { and, eq, ne } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { carts, type PaymentRow, payments } from '../../db/schema/index.ts'
import { ApiError, conflict, notFound } from '../../http/errors.ts'
import { HoldsLostError } from '../booking/confirm.ts'
import { lockAll } from '../booking/locks.ts'
import { bookingClock } from '../booking/settings.ts'
import { bookingTransaction } from '../booking/transaction.ts'
import { consumeCouponFor } from '../content/coupon-redemptions.ts'
import { cartNotPayable } from './errors.ts'
import { orderIdOf, recordEvent } from './events.ts'
import type { Outcome } from './providers/types.ts'
import { PURPOSES } from './purposes/index.ts'
import type { Settled, SettleInput } from './settle.ts'
import { TAKEN_PAYMENT_STATUSES } from './statuses.ts'

type Succeeded = Extract<Outcome, { kind: 'succeeded' }>

export const paymentCartLock = (cartId: string) => `payment-cart:${cartId}`

export async function paymentRow(db: Db | Tx, companyId: number, id: string): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.id, id)))
  if (!row) throw notFound('No such payment.')
  return row
}

const isTaken = (status: string) => (TAKEN_PAYMENT_STATUSES as readonly string[]).includes(status)

/** The state a repeated delivery finds, without changing it. */
function stateOf(payment: PaymentRow, orderId: string): Settled {
  if (isTaken(payment.status)) return { status: 'succeeded', orderId }
  if (payment.status === 'failed' || payment.status === 'cancelled') {
    return {
      status: 'failed',
      errorType: payment.errorType ?? payment.status,
      message: payment.errorMessage ?? 'The payment did not go through.',
    }
  }
  return { status: 'pending' }
}

/**
 * The success transaction. A per-cart advisory lock comes first (two payments of one cart, or
 * a payment and its own repeated callback, queue; no other writer takes it, so it cannot join a
 * deadlock); then the delivery is recorded (a repeat stops here), the purpose fulfils (booking:
 * confirmHolds, which takes the holds' resource locks before any row lock) and payment and cart
 * turn paid. Any 409 from fulfilment rolls everything back and is refunded by the caller.
 */
export async function succeed(db: Db, input: SettleInput, outcome: Succeeded): Promise<Settled> {
  const { company } = input
  const first = await paymentRow(db, company.id, input.paymentId)
  return bookingTransaction(db, async (tx) => {
    const now = bookingClock.now()
    await lockAll(tx, company.id, [paymentCartLock(first.cartId)])
    const [cart] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.companyId, company.id), eq(carts.id, first.cartId)))
    if (!cart) throw notFound('No such cart.')
    const fresh = await recordEvent(tx, {
      companyId: company.id,
      provider: first.provider,
      eventKey: input.eventKey,
      paymentId: first.id,
      kind: `${input.source}:succeeded`,
      payload: input.payload ?? {},
      at: now,
    })
    const payment = await paymentRow(tx, company.id, first.id)
    // A refused payment (failed, its money sent back) is final, as is a taken one.
    const refused = payment.status === 'failed' && payment.refundedCents > 0
    if (!fresh || refused || isTaken(payment.status)) {
      return stateOf(payment, await orderIdOf(tx, cart))
    }

    if (outcome.amountCents !== payment.amountCents || outcome.currency !== payment.currency) {
      throw new ApiError(409, 'amountMismatch', 'Conflict: the amount paid is not the amount due.')
    }
    if (cart.status === 'paid')
      throw conflict('Conflict: this cart is already paid.', 'alreadyPaid')
    if (cart.status === 'expired' || cart.status === 'cancelled') {
      throw cart.purpose === 'booking' ? new HoldsLostError() : cartNotPayable(cart.status)
    }

    const orderId = await PURPOSES[cart.purpose].fulfil({
      tx,
      company,
      cart,
      now,
      paymentId: payment.id,
      provider: payment.provider,
      chargedCents: payment.amountCents,
      transactionId: outcome.transactionId,
    })
    await tx
      .update(payments)
      .set({
        status: 'succeeded',
        succeededAt: now,
        errorType: null,
        errorMessage: null,
        data: { ...payment.data, ...outcome.data, transactionId: outcome.transactionId, orderId },
        updatedAt: now,
      })
      .where(and(eq(payments.companyId, company.id), eq(payments.id, payment.id)))
    await tx
      .update(carts)
      .set({ status: 'paid', paidAt: now, expiresAt: null, updatedAt: now })
      .where(and(eq(carts.companyId, company.id), eq(carts.id, cart.id), ne(carts.status, 'paid')))
    // Last, as the coupon's lock is the last of any transaction: its reserved use becomes used.
    await consumeCouponFor(
      tx,
      { companyId: company.id, cartId: cart.id, customerId: cart.customerId },
      now,
    )
    return { status: 'succeeded', orderId }
  })
}
