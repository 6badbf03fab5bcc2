import type { Db } from '#server/db/client.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { bookingOrderPayments, type PaidBookingOrder } from './order-payments.ts'
import { refundPayment } from './refund.ts'

export interface BookingOrderRefund {
  /** what the providers gave back, minor units */
  readonly refundedCents: number
  /** what should have been and was not (a provider refused): the shop refunds it by hand */
  readonly failedCents: number
}

/**
 * Gives back up to `amountCents` of a booking order's online money (a visit cancelled online,
 * docs/decisions/038-visit-policy.md), across every payment of the order: its own, then the
 * difference of each dearer move paid on its own cart (docs/decisions/042-reschedule-pay-difference.md),
 * in the order they were taken, each through the provider that took it and for at most what
 * it can still give (amount − refunded), until the amount is given back. Each is one
 * refundPayment (the reservation in SQL, the provider's idempotency key, the bookkeeping), so
 * nothing is given back twice and never more than a payment took. A refusal (provider down, a
 * refund made meanwhile) leaves what was refunded as it is and the next payments are still
 * tried, so the customer gets back all that can be given now; what none gave is `failedCents`.
 * Nothing taken online at all: the whole amount is for the shop to refund.
 */
export async function refundBookingOrder(
  db: Db,
  company: CompanyRow,
  order: PaidBookingOrder,
  amountCents: number,
  by: string,
): Promise<BookingOrderRefund> {
  const taken = await bookingOrderPayments(db, company.id, order)
  if (taken.length === 0) return { refundedCents: 0, failedCents: amountCents }
  const refundable = taken.reduce((sum, p) => sum + p.amountCents - p.refundedCents, 0)
  const target = Math.min(amountCents, refundable)
  let refunded = 0
  let failed = 0
  for (const payment of taken) {
    const amount = Math.min(payment.amountCents - payment.refundedCents, target - refunded - failed)
    if (amount <= 0) continue
    try {
      // the payment's own cart names it: a move's difference is refunded on the move's cart
      await refundPayment(db, company, {
        orderId: payment.cartId,
        paymentId: payment.id,
        amount,
        by,
      })
      refunded += amount
    } catch {
      failed += amount
    }
  }
  return { refundedCents: refunded, failedCents: target - refunded }
}
