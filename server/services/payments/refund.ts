import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type CompanyRow, payments } from '#server/db/schema/index.ts'
import { badRequest, clock, conflict } from '#server/kernel/index.ts'
import { holdGiftForRefund, releaseGiftHold } from '../gifts/index.ts'
import { customerEmail, providerContext, providerPayment } from './context.ts'
import { providerNamed } from './providers/index.ts'
import { recordRefund } from './refund-record.ts'
import { refundTarget } from './refund-target.ts'
import { queueShopRefundMail } from './shop-refund-mail.ts'

export interface RefundInput {
  readonly orderId: string
  /** minor units; absent: what remains */
  readonly amount?: number | undefined
  readonly shopId?: string | undefined
  /** this payment of the order's cart, not its latest (a visit's cancellation refunds each) */
  readonly paymentId?: string
  /** payzen/refund: only a payment of this provider */
  readonly provider?: string
  /** who refunds (the provider session's account id) */
  readonly by: string
}

/**
 * POST /api/payment/refund and /payzen/refund. The amount is reserved first, in SQL
 * (refunded_cents + x <= amount_cents, so two refunds at once can never return more than was
 * paid), then the provider refunds it (idempotency key per payment and amount already refunded:
 * a retried call refunds once), then its bookkeeping in one transaction (recordRefund: payment
 * and order statuses, vouchers, loyalty points; an e-shop order's or a voucher's customer is
 * e-mailed). A voucher's purchase also takes the amount off the voucher in the reservation's
 * transaction (holdGiftForRefund: never more than is left on it). A provider failure releases
 * both and is 502. Appointments stay booked: cancelling them is a separate decision.
 */
export async function refundPayment(db: Db, company: CompanyRow, input: RefundInput) {
  const { cart, payment } = await refundTarget(
    db,
    company.id,
    input.orderId,
    input.shopId,
    input.paymentId,
  )
  if (input.provider !== undefined && payment.provider !== input.provider) {
    throw conflict(`Conflict: this order was paid with ${payment.provider}.`, 'wrongProvider')
  }
  const left = payment.amountCents - payment.refundedCents
  const amount = input.amount ?? left
  if (amount <= 0) throw badRequest('Nothing to refund.', 'invalidInput')
  if (amount > left) {
    throw conflict(`Conflict: at most ${left} can still be refunded.`, 'refundTooLarge')
  }
  const provider = providerNamed(payment.provider)
  if (!provider)
    throw conflict(`Conflict: unknown provider ${payment.provider}.`, 'unknownProvider')
  const where = and(eq(payments.companyId, company.id), eq(payments.id, payment.id))
  const gift = { companyId: company.id, cartId: cart.id, amountCents: amount }
  const { reserved, giftHeld } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ refundedCents: sql`${payments.refundedCents} + ${amount}`, updatedAt: clock.now() })
      .where(and(where, sql`${payments.refundedCents} + ${amount} <= ${payments.amountCents}`))
      .returning({ refunded: payments.refundedCents })
    if (!row) throw conflict('Conflict: the payment was refunded meanwhile.', 'refundTooLarge')
    // a voucher's purchase: what is given back leaves the voucher, in the same transaction
    const held = cart.purpose === 'gift' && (await holdGiftForRefund(tx, gift))
    return { reserved: row, giftHeld: held }
  })

  const email = await customerEmail(db, company.id, cart.customerId)
  const key = `refund-${payment.id}-${reserved.refunded - amount}-${amount}`
  const refundId = await provider
    .refund(
      await providerContext(db, company),
      providerPayment(company, payment, cart, { description: '', email }),
      {
        amountCents: amount,
        key,
      },
    )
    .catch(async (error: unknown) => {
      await db
        .update(payments)
        .set({ refundedCents: sql`${payments.refundedCents} - ${amount}` })
        .where(where)
      if (giftHeld) await releaseGiftHold(db, gift)
      throw error
    })

  await db.transaction(async (tx) => {
    await recordRefund(tx, {
      companyId: company.id,
      cart,
      paymentId: payment.id,
      refundId,
      amountCents: amount,
      by: input.by,
      now: clock.now(),
      giftHeld,
    })
    await queueShopRefundMail(tx, company, cart, amount)
  })
  return {
    orderId: input.orderId,
    refunded: { amount: reserved.refunded, currency: payment.currency },
  }
}
