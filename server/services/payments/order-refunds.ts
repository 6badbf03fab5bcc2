import { and, eq, sql } from 'drizzle-orm'
import { refundVerdict } from '#domain/orders/desk-money.ts'
import type { Db, Tx } from '#server/db/client.ts'
import {
  type BookingOrderRow,
  bookingOrders,
  type CompanyRow,
  carts,
  customerCredits,
  payments,
} from '#server/db/schema/index.ts'
import { badRequest, clock, notFound, Refusal } from '#server/kernel/index.ts'
import { orderByIdeorder, setOrderStatus } from '../orders/index.ts'
import { queueDeskMail } from './desk-mail.ts'
import { bookingOrderPayments } from './order-payments.ts'
import { refundPayment } from './refund.ts'
import { recordRefund } from './refund-record.ts'

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

const tooLarge = (left: number) =>
  new Refusal(409, 'refundTooLarge', `Conflict: at most ${left} can still be refunded.`)

/**
 * POST /bookingOrder/oldCredit/refund: part or all of what was paid goes back as credit on the
 * customer's account (customer_credits), not to the card. In one transaction with the order
 * row locked, at most what is still refundable (desk-money.ts refundVerdict; 409
 * refundTooLarge). When payments took the money, the credit is reserved on them as a provider
 * refund is (refunded_cents), so a later refund through the provider can never give it again,
 * and booked as one (recordRefund, marked credit: statuses, paid amount, loyalty points,
 * vouchers back when whole); an order paid under the former system (no payment) only has its
 * paid amount lowered (creditOrder). The customer is e-mailed. Answers this refund's amount.
 */
export async function refundAsCredit(db: Db, company: CompanyRow, input: OrderRefund) {
  const order = await customerOrder(db, company.id, input)
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(bookingOrders)
      .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.id, order.id)))
      .for('update')
    if (!locked) throw notFound('No such order.')
    const taken = await bookingOrderPayments(tx, company.id, locked)
    const left = taken.reduce((sum, p) => sum + p.amountCents - p.refundedCents, 0)
    const refundable = taken.length > 0 ? Math.min(locked.paidCents, left) : locked.paidCents
    if (refundVerdict(input.amount, refundable) !== 'ok') throw tooLarge(refundable)
    const now = clock.now()
    if (taken.length === 0) await creditOrder(tx, locked, input.amount, input.by, now)
    else await creditPayments(tx, company.id, locked, taken, input, now)
    const [cart] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.companyId, company.id), eq(carts.id, locked.cartId)))
    if (cart) {
      await queueDeskMail(tx, company, cart, {
        event: 'credited',
        amountCents: input.amount,
        number: locked.ideorder,
      })
    }
    return {
      ideorder: locked.ideorder,
      refunded: { amount: input.amount, currency: locked.currency },
    }
  })
}

/** The credit taken from the order's payments in the order they were taken, each booked. */
async function creditPayments(
  tx: Tx,
  companyId: number,
  order: BookingOrderRow,
  taken: Awaited<ReturnType<typeof bookingOrderPayments>>,
  input: OrderRefund,
  now: Date,
) {
  let rest = input.amount
  for (const payment of taken) {
    const part = Math.min(rest, payment.amountCents - payment.refundedCents)
    if (part <= 0) continue
    const where = and(eq(payments.companyId, companyId), eq(payments.id, payment.id))
    const [reserved] = await tx
      .update(payments)
      .set({ refundedCents: sql`${payments.refundedCents} + ${part}`, updatedAt: now })
      .where(and(where, sql`${payments.refundedCents} + ${part} <= ${payments.amountCents}`))
      .returning({ id: payments.id })
    if (!reserved) throw tooLarge(0)
    const [cart] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.companyId, companyId), eq(carts.id, payment.cartId)))
    if (!cart) throw notFound('No such order.')
    await recordRefund(tx, {
      companyId,
      cart,
      paymentId: payment.id,
      refundId: `credit-${payment.id}-${payment.refundedCents}-${part}`,
      amountCents: part,
      by: input.by,
      now,
      credit: true,
    })
    rest -= part
    if (rest === 0) break
  }
  if (order.customerId === null) throw new Error('an order without customer cannot be credited')
  await tx.insert(customerCredits).values({
    companyId,
    customerId: order.customerId,
    kind: 'refund',
    amountCents: input.amount,
    currency: order.currency,
    sourceIdeorder: order.ideorder,
    by: input.by,
    at: now,
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
 * POST /bookingOrder/partialRefund: part or all of the payment goes back through the provider
 * that took it (services/payments refundPayment: reserved in SQL first, so refunds, to the
 * provider and as credit, never exceed what was paid; 409 refundTooLarge / notPaid, 502 from
 * the provider). A payment taken at the desk goes back at the desk (the free provider records
 * it). The customer is e-mailed. Answers the total refunded on that payment so far.
 */
export async function refundToCard(db: Db, company: CompanyRow, input: OrderRefund) {
  const order = await customerOrder(db, company.id, input)
  if (refundVerdict(input.amount, order.paidCents) === 'tooLarge') throw tooLarge(order.paidCents)
  const result = await refundPayment(db, company, {
    orderId: order.id,
    amount: input.amount,
    by: input.by,
  })
  await db.transaction(async (tx) => {
    const [cart] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.companyId, company.id), eq(carts.id, order.cartId)))
    if (!cart) return
    await queueDeskMail(tx, company, cart, {
      event: 'refunded',
      amountCents: input.amount,
      number: order.ideorder,
    })
  })
  return { ideorder: order.ideorder, refunded: result.refunded }
}
