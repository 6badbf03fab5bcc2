import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import {
  bookingOrders,
  type CartRow,
  type CompanyRow,
  eshopOrders,
  type JsonObject,
  payments,
} from '#server/db/schema/index.ts'
import { clock } from '#server/kernel/index.ts'
import { recordGiftWithdrawal, refundCartRedemptions } from '../gifts/index.ts'
import { debitLoyaltyForRefund } from '../loyalty/index.ts'
import { setOrderStatus } from '../orders/index.ts'
import { orderIdOf, recordEvent } from './events.ts'
import { bookingOrderIdOf, bookingOrderPayments, type PaidBookingOrder } from './order-payments.ts'
import type { ProviderRefund } from './providers/types.ts'
import { TAKEN_PAYMENT_STATUSES } from './statuses.ts'

/**
 * The bookkeeping of refunds (the one path every refund takes once the provider made it): see
 * refundPayment (refund.ts) for the reservation and the provider call.
 */

export interface RefundRecord {
  readonly companyId: number
  readonly cart: CartRow
  readonly paymentId: string
  /** the provider's refund id */
  readonly refundId: string
  /** this refund, minor units (already counted in payments.refunded_cents) */
  readonly amountCents: number
  readonly by: string
  readonly now: Date
  /** given as credit on the customer's account, not through the provider (order-refunds.ts) */
  readonly credit?: boolean
  /** a voucher's purchase: refundPayment already took its value off it (holdGiftForRefund) */
  readonly giftHeld?: boolean
}

/** What the payment's confirmed refunds (data.refunds) add up to. */
const confirmedRefunds = sql<number>`coalesce((select sum((r->>'amount')::int)
  from jsonb_array_elements(coalesce(${payments.data}->'refunds', '[]'::jsonb)) r), 0)::int`

/**
 * The bookkeeping of one refund the provider made, in the caller's transaction: the refund
 * appended to the payment's data.refunds, then what follows from everything confirmed so far
 * (that sum, not the reservation, which may include refunds still in flight): the payment
 * refunded or partiallyRefunded; its booking order (a booking's cart, or a paid move's: the
 * order it moved, docs/decisions/042-reschedule-pay-difference.md) has its paid amount lowered
 * and is refunded once every payment of the order is, else partiallyRefunded; an e-shop order
 * refunded when fully, vouchers given back what the cart took when fully, and the loyalty
 * points the refunded part had earned taken back (services/loyalty debitLoyaltyForRefund:
 * proportional, over all of a booking order's payments, never below zero on the card). The
 * payment row update comes first: its row lock queues two refunds of one payment, so each sees
 * the other's bookkeeping and the points are debited once per refund; then the booking order's
 * row lock queues refunds of two payments of one order. Also used for a refund the provider
 * reports on its own (a PayPal dashboard refund, notifications.ts).
 */
export async function recordRefund(tx: Tx, input: RefundRecord): Promise<void> {
  const { companyId, cart, now } = input
  const where = and(eq(payments.companyId, companyId), eq(payments.id, input.paymentId))
  const entry = {
    id: input.refundId,
    amount: input.amountCents,
    at: now.toISOString(),
    by: input.by,
    ...(input.credit ? { credit: true } : {}),
  }
  const [row] = await tx
    .update(payments)
    .set({
      data: sql`jsonb_set(${payments.data}, '{refunds}', coalesce(${payments.data}->'refunds', '[]'::jsonb) || ${JSON.stringify([entry])}::jsonb)`,
      updatedAt: now,
    })
    .where(where)
    .returning({ amountCents: payments.amountCents })
  if (!row) return
  const [sum] = await tx.select({ confirmed: confirmedRefunds }).from(payments).where(where)
  const confirmed = Number(sum?.confirmed ?? input.amountCents)
  const full = confirmed >= row.amountCents
  await tx
    .update(payments)
    .set({ status: full ? 'refunded' : 'partiallyRefunded' })
    .where(where)
  const order = await lockBookingOrder(tx, companyId, cart)
  // the booking order's money: every payment of it (its own and its paid moves' differences)
  const money = order ? await orderMoney(tx, companyId, order) : undefined
  if (order && money) {
    await setOrderStatus(
      tx,
      companyId,
      order.id,
      money.refunded >= money.paid ? 'refunded' : 'partiallyRefunded',
      input.by,
      now,
      { paidCents: Math.max(order.paidCents - input.amountCents, 0) },
    )
  }
  if (cart.purpose === 'eshop' && full) {
    await tx
      .update(eshopOrders)
      .set({ status: 'refunded', updatedAt: now })
      .where(and(eq(eshopOrders.companyId, companyId), eq(eshopOrders.cartId, cart.id)))
  }
  if (full) await refundCartRedemptions(tx, { companyId, cartId: cart.id, by: input.by, now })
  if (cart.purpose === 'gift') {
    await recordGiftWithdrawal(tx, {
      companyId,
      cartId: cart.id,
      amountCents: input.amountCents,
      held: input.giftHeld ?? false,
      by: input.by,
    })
  }
  if (cart.customerId !== null) {
    await debitLoyaltyForRefund(tx, {
      companyId,
      customerId: cart.customerId,
      orderId: await orderIdOf(tx, cart),
      // a paid move's difference earned no points of its own: it counts as its booking's, and
      // the booking's points follow what all of the order's payments took and gave back
      sourceKind: cart.purpose === 'reschedule' ? 'booking' : cart.purpose,
      paidCents: money?.paid ?? row.amountCents,
      refundedCents: money?.refunded ?? confirmed,
      by: input.by,
      now,
    })
  }
}

/**
 * A refund the provider reports (PayPal's PAYMENT.CAPTURE.REFUNDED), in one transaction with
 * its delivery (payment_events: a repeat changes nothing). A refund of ours is already booked
 * (its id is in data.refunds, or its reservation already counts it: the provider's running
 * total is not above refunded_cents), so nothing more happens; a refund made elsewhere (the
 * provider's dashboard) raises refunded_cents to the provider's total and is booked as ours
 * are (recordRefund: statuses, vouchers, loyalty points). Only a taken payment is concerned (a
 * refused one was refunded by us, whole). Without the provider's total, the refund's amount is
 * taken only when no refund of ours is in flight (refunded_cents = what is booked).
 */
export async function recordProviderRefund(
  db: Db,
  company: CompanyRow,
  cart: CartRow,
  paymentId: string,
  note: { eventKey: string; refund: ProviderRefund; payload: JsonObject },
): Promise<void> {
  const now = clock.now()
  await db.transaction(async (tx) => {
    const where = and(eq(payments.companyId, company.id), eq(payments.id, paymentId))
    const [payment] = await tx.select().from(payments).where(where).for('update')
    if (!payment) return
    const fresh = await recordEvent(tx, {
      companyId: company.id,
      provider: payment.provider,
      eventKey: note.eventKey,
      paymentId,
      kind: 'notification:refunded',
      payload: note.payload,
      at: now,
    })
    const taken: readonly string[] = TAKEN_PAYMENT_STATUSES
    if (!fresh || !taken.includes(payment.status)) return
    const booked = bookedRefunds(payment.data)
    if (booked.ids.has(note.refund.id)) return
    const total =
      note.refund.totalRefundedCents ??
      (payment.refundedCents === booked.cents
        ? payment.refundedCents + note.refund.amountCents
        : payment.refundedCents)
    const raised = Math.min(total, payment.amountCents)
    const amount = raised - payment.refundedCents
    if (amount <= 0) return
    await tx.update(payments).set({ refundedCents: raised, updatedAt: now }).where(where)
    await recordRefund(tx, {
      companyId: company.id,
      cart,
      paymentId,
      refundId: note.refund.id,
      amountCents: amount,
      by: payment.provider,
      now,
    })
  })
}

/**
 * The booking order a refunded cart pays for (its own, or the one a paid move's difference was
 * paid for: docs/decisions/042-reschedule-pay-difference.md), its row locked: refunds of two
 * payments of one order book one after the other, each lowering the paid amount the other left.
 */
async function lockBookingOrder(tx: Tx, companyId: number, cart: CartRow) {
  const id = await bookingOrderIdOf(tx, cart)
  if (id === undefined) return undefined
  const [order] = await tx
    .select()
    .from(bookingOrders)
    .where(and(eq(bookingOrders.companyId, companyId), eq(bookingOrders.id, id)))
    .for('update')
  return order
}

/** What the order's taken payments took and what of it their confirmed refunds gave back. */
async function orderMoney(tx: Tx, companyId: number, order: PaidBookingOrder) {
  const all = await bookingOrderPayments(tx, companyId, order)
  return all.reduce(
    (sum, p) => ({
      paid: sum.paid + p.amountCents,
      refunded: sum.refunded + Math.min(bookedRefunds(p.data).cents, p.amountCents),
    }),
    { paid: 0, refunded: 0 },
  )
}

/** The refunds booked in a payment's data (recordRefund): their ids and their sum. */
function bookedRefunds(data: JsonObject): { ids: Set<string>; cents: number } {
  const list = Array.isArray(data.refunds) ? data.refunds : []
  const ids = new Set<string>()
  let cents = 0
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue
    if (typeof entry.id === 'string') ids.add(entry.id)
    if (typeof entry.amount === 'number') cents += entry.amount
  }
  return { ids, cents }
}
