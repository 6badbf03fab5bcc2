import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bookingOrders, type CompanyRow, eshopOrders, payments } from '../../db/schema/index.ts'
import { badRequest, conflict } from '../../http/errors.ts'
import { setOrderStatus } from '../booking/history.ts'
import { bookingClock } from '../booking/settings.ts'
import { refundCartRedemptions } from '../gifts/index.ts'
import { customerEmail, providerContext, providerPayment } from './context.ts'
import { providerNamed } from './providers/index.ts'
import { refundTarget } from './refund-target.ts'

export interface RefundInput {
  readonly orderId: string
  /** minor units; absent: what remains */
  readonly amount?: number | undefined
  readonly shopId?: string | undefined
  /** payzen/refund: only a payment of this provider */
  readonly provider?: string
  /** who refunds (the provider session's account id) */
  readonly by: string
}

/**
 * POST /api/payment/refund and /payzen/refund. The amount is reserved first, in SQL
 * (refunded_cents + x <= amount_cents, so two refunds at once can never return more than was
 * paid), then the provider refunds it (idempotency key per payment and amount already refunded:
 * a retried call refunds once), then the order follows: booking order refunded or
 * partiallyRefunded with its paid amount lowered, an e-shop order refunded when fully; a full
 * refund also gives vouchers back what the cart took. A provider failure releases the
 * reservation and is 502. Appointments stay booked: cancelling them is a separate decision.
 */
export async function refundPayment(db: Db, company: CompanyRow, input: RefundInput) {
  const { cart, payment } = await refundTarget(db, company.id, input.orderId, input.shopId)
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
  const [reserved] = await db
    .update(payments)
    .set({ refundedCents: sql`${payments.refundedCents} + ${amount}`, updatedAt: new Date() })
    .where(and(where, sql`${payments.refundedCents} + ${amount} <= ${payments.amountCents}`))
    .returning({ refunded: payments.refundedCents })
  if (!reserved) throw conflict('Conflict: the payment was refunded meanwhile.', 'refundTooLarge')

  const email = await customerEmail(db, company.id, cart.customerId)
  const key = `refund-${payment.id}-${reserved.refunded - amount}-${amount}`
  const refundId = await provider
    .refund(
      providerContext(company),
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
      throw error
    })

  const full = reserved.refunded >= payment.amountCents
  const now = bookingClock.now()
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({
        status: full ? 'refunded' : 'partiallyRefunded',
        data: sql`jsonb_set(${payments.data}, '{refunds}', coalesce(${payments.data}->'refunds', '[]'::jsonb) || ${JSON.stringify([{ id: refundId, amount, at: now.toISOString(), by: input.by }])}::jsonb)`,
        updatedAt: now,
      })
      .where(where)
    if (cart.purpose === 'booking') {
      const [order] = await tx
        .select({ id: bookingOrders.id, paid: bookingOrders.paidCents })
        .from(bookingOrders)
        .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.cartId, cart.id)))
      if (order) {
        await setOrderStatus(
          tx,
          company.id,
          order.id,
          full ? 'refunded' : 'partiallyRefunded',
          input.by,
          now,
          {
            paidCents: Math.max(order.paid - amount, 0),
          },
        )
      }
    }
    if (cart.purpose === 'eshop' && full) {
      await tx
        .update(eshopOrders)
        .set({ status: 'refunded', updatedAt: now })
        .where(and(eq(eshopOrders.companyId, company.id), eq(eshopOrders.cartId, cart.id)))
    }
    if (full)
      await refundCartRedemptions(tx, { companyId: company.id, cartId: cart.id, by: input.by, now })
  })
  return {
    orderId: input.orderId,
    refunded: { amount: reserved.refunded, currency: payment.currency },
  }
}
