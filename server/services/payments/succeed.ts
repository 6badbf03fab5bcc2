import { and, eq, ne } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { carts, type PaymentRow, payments } from '#server/db/schema/index.ts'
import {
  bookingTransaction,
  clock,
  conflict,
  lockAll,
  notFound,
  Refusal,
} from '#server/kernel/index.ts'
import { HoldsLostError } from '../booking/index.ts'
import { consumeCouponFor } from '../content/index.ts'
import { paymentCartLock } from './cart-lock.ts'
import { cartNotPayable } from './errors.ts'
import { orderIdOf, recordEvent } from './events.ts'
import type { Outcome } from './providers/types.ts'
import { purposeHandler } from './purposes/index.ts'
import type { Settled, SettleInput } from './settled.ts'
import { TAKEN_PAYMENT_STATUSES } from './statuses.ts'

type Succeeded = Extract<Outcome, { kind: 'succeeded' }>

export async function paymentRow(db: Db | Tx, companyId: number, id: string): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.id, id)))
  if (!row) throw notFound('No such payment.')
  return row
}

const isTaken = (status: string) => (TAKEN_PAYMENT_STATUSES as readonly string[]).includes(status)

/**
 * The amount still due at the shop (decision 012): a free-provider payment whose order was
 * confirmed (payment 'pending', data.dueAtShop) and that the shop has not recorded yet.
 */
export function dueAtShopOf(payment: PaymentRow): number | undefined {
  return payment.status === 'pending' && payment.data.dueAtShop === true
    ? payment.amountCents
    : undefined
}

/** The state a repeated delivery finds, without changing it. */
function stateOf(payment: PaymentRow, orderId: string): Settled {
  const due = dueAtShopOf(payment)
  if (due !== undefined) {
    return { status: 'succeeded', orderId, amountDue: { amount: due, currency: payment.currency } }
  }
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
    const now = clock.now()
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
    if (!fresh || refused || isTaken(payment.status) || dueAtShopOf(payment) !== undefined) {
      return stateOf(payment, await orderIdOf(tx, cart))
    }

    if (outcome.amountCents !== payment.amountCents || outcome.currency !== payment.currency) {
      throw new Refusal(409, 'amountMismatch', 'Conflict: the amount paid is not the amount due.')
    }
    if (cart.status === 'paid')
      throw conflict('Conflict: this cart is already paid.', 'alreadyPaid')
    if (cart.status === 'expired' || cart.status === 'cancelled') {
      throw cart.purpose === 'booking' ? new HoldsLostError() : cartNotPayable(cart.status)
    }

    // Decision 012: only the free provider may confirm an order without money (pay at the shop).
    const dueAtShop = outcome.dueAtShop === true && payment.provider === 'free'
    const orderId = await purposeHandler(cart.purpose).fulfil({
      tx,
      company,
      cart,
      now,
      paymentId: payment.id,
      provider: payment.provider,
      chargedCents: dueAtShop ? 0 : payment.amountCents,
      dueAtShop,
      transactionId: outcome.transactionId,
    })
    const data = { ...payment.data, ...outcome.data, transactionId: outcome.transactionId, orderId }
    await tx
      .update(payments)
      .set({
        // due at the shop: the payment stays pending until the shop records it (at-shop.ts)
        ...(dueAtShop
          ? { status: 'pending' as const, data: { ...data, dueAtShop: true } }
          : { status: 'succeeded' as const, succeededAt: now, data }),
        errorType: null,
        errorMessage: null,
        updatedAt: now,
      })
      .where(and(eq(payments.companyId, company.id), eq(payments.id, payment.id)))
    // The cart is settled either way: it cannot be paid again nor given up by the sweeper.
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
    return dueAtShop
      ? {
          status: 'succeeded',
          orderId,
          amountDue: { amount: payment.amountCents, currency: payment.currency },
        }
      : { status: 'succeeded', orderId }
  })
}
