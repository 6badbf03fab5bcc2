import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import {
  type BookingOrderRow,
  bookingOrders,
  type CompanyRow,
  customerCredits,
} from '#server/db/schema/index.ts'
import { badRequest, clock, notFound, Refusal } from '#server/kernel/index.ts'
import { orderByIdeorder, setOrderStatus } from '../orders/index.ts'
import { refundPayment } from './refund.ts'

export interface OrderRefund {
  readonly ideorder: string
  readonly customerId: string
  /** minor units */
  readonly amount: number
  /** the provider account refunding */
  readonly by: string
}

/** The order must be this customer's (another's, or an unknown number: 404). */
async function customerOrder(db: Db, companyId: number, input: OrderRefund) {
  if (input.amount <= 0) throw badRequest('Nothing to refund.', 'invalidInput')
  const order = await orderByIdeorder(db, companyId, input.ideorder)
  if (!order || order.customerId !== input.customerId) throw notFound('No such order.')
  return order
}

/**
 * POST /bookingOrder/oldCredit/refund: part or all of what was paid goes back as credit on the
 * customer's account (customer_credits), not to the card. In one transaction with the order
 * row locked: at most what is still paid (409 refundTooLarge), paid lowered, status refunded or
 * partiallyRefunded with a history entry, the credit row written. Answers this refund's amount.
 */
export async function refundAsCredit(db: Db, companyId: number, input: OrderRefund) {
  const order = await customerOrder(db, companyId, input)
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(bookingOrders)
      .where(and(eq(bookingOrders.companyId, companyId), eq(bookingOrders.id, order.id)))
      .for('update')
    if (!locked || input.amount > locked.paidCents) {
      throw new Refusal(
        409,
        'refundTooLarge',
        `Conflict: at most ${locked?.paidCents ?? 0} can still be refunded.`,
      )
    }
    await creditOrder(tx, locked, input.amount, input.by, clock.now())
    return {
      ideorder: locked.ideorder,
      refunded: { amount: input.amount, currency: locked.currency },
    }
  })
}

/**
 * Gives `amount` (at most what is still paid: the caller checks it, with the order row locked)
 * of a booking order back as credit on its customer's account, in the caller's transaction:
 * paid lowered, status refunded or partiallyRefunded with a history entry, the credit row
 * written. Also what a visit cancelled or moved online gives as credit (services/booking).
 */
export async function creditOrder(
  tx: Tx,
  order: BookingOrderRow,
  amount: number,
  by: string,
  now: Date,
): Promise<void> {
  if (order.customerId === null) throw new Error('an order without customer cannot be credited')
  const paid = order.paidCents - amount
  await setOrderStatus(
    tx,
    order.companyId,
    order.id,
    paid === 0 ? 'refunded' : 'partiallyRefunded',
    by,
    now,
    { paidCents: paid },
  )
  await tx.insert(customerCredits).values({
    companyId: order.companyId,
    customerId: order.customerId,
    kind: 'refund',
    amountCents: amount,
    currency: order.currency,
    sourceIdeorder: order.ideorder,
    by,
    at: now,
  })
}

/**
 * POST /bookingOrder/partialRefund: part of the payment goes back to the card, through the
 * payment provider (services/payments refundPayment: reserved in SQL first, so refunds never
 * exceed what was paid; 409 refundTooLarge / notPaid, 502 from the provider). Answers the
 * total refunded on that payment so far.
 */
export async function refundToCard(db: Db, company: CompanyRow, input: OrderRefund) {
  const order = await customerOrder(db, company.id, input)
  const result = await refundPayment(db, company, {
    orderId: order.id,
    amount: input.amount,
    by: input.by,
  })
  return { ideorder: order.ideorder, refunded: result.refunded }
}
