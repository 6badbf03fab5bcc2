import { and, desc, eq, sql } from 'drizzle-orm'
import type { PaymentAtShopResponse } from '#contract/payment.ts'
import { type DeskMethod, deskPaymentVerdict } from '#domain/orders/desk-money.ts'
import type { Db } from '#server/db/client.ts'
import { type CompanyRow, carts, payments } from '#server/db/schema/index.ts'
import {
  badRequest,
  bookingTransaction,
  clock,
  conflict,
  lockAll,
  notFound,
  Refusal,
} from '#server/kernel/index.ts'
import { cartInReach, type Reach } from '../orders/index.ts'
import { paymentCartLock } from './cart-lock.ts'
import { queueDeskMail } from './desk-mail.ts'
import { deskMethodOf, orderNumber, payWithVoucher, record } from './desk-payment.ts'
import { recordEvent } from './events.ts'
import { purposeHandler } from './purposes/index.ts'
import { orderCart } from './refund-target.ts'

export interface AtShopInput {
  /** booking order, e-shop order or voucher id */
  readonly orderId: string
  /** what the shop took, minor units: must be the amount due */
  readonly amount: number
  /** how it was taken (absent: cash); voucher: `voucherCode` pays the whole amount */
  readonly method?: DeskMethod | undefined
  readonly voucherCode?: string | undefined
  readonly shopId?: string | undefined
  /** the company user recording it */
  readonly by: string
  /** what that user reaches (docs/decisions/072-studio-roles.md): an order outside it is 404 */
  readonly reach: Reach
}

/**
 * POST /api/payment/at-shop (decision 012), a company user's call: the amount due at the shop
 * for an order confirmed with the free provider was paid there. Under the cart's payment lock,
 * once (event `at-shop:<payment>`, and the payment's status moves pending → succeeded): the
 * purpose's `collected` issues what needed a verified payment (voucher activated and e-mailed,
 * e-shop order paid) and credits loyalty points for the amount recorded; the customer is
 * e-mailed (desk-mail.ts). How it was taken (cash, card terminal, or the shop's gift voucher,
 * spent in the same transaction and refused whole when it does not cover the amount) is kept
 * on the payment (docs/decisions/078-desk-payments.md). Repeating the call answers the same
 * and changes nothing (a parallel burst queues on the lock and records it once). 404 for an order of another company (or shop), 409
 * notDueAtShop when nothing is due at the shop, 409 amountMismatch for another amount.
 */
export async function recordShopPayment(
  db: Db,
  company: CompanyRow,
  input: AtShopInput,
): Promise<PaymentAtShopResponse> {
  const cart = await orderCart(db, company.id, input.orderId, input.shopId)
  if (!(await cartInReach(db, company.id, cart, input.reach))) throw notFound('No such order.')
  const method = input.method ?? 'cash'
  if (method === 'voucher' && !input.voucherCode) {
    throw badRequest('A voucher payment names the voucher.', 'invalidInput')
  }
  return bookingTransaction(db, async (tx) => {
    const now = clock.now()
    await lockAll(tx, company.id, [paymentCartLock(cart.id)])
    const [payment] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.companyId, company.id),
          eq(payments.cartId, cart.id),
          eq(payments.provider, 'free'),
          sql`${payments.data}->>'dueAtShop' = 'true'`,
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1)
    if (!payment) {
      throw conflict('Conflict: nothing is due at the shop for this order.', 'notDueAtShop')
    }
    if (deskPaymentVerdict(input.amount, payment.amountCents) !== 'ok') {
      throw new Refusal(
        409,
        'amountMismatch',
        `Conflict: the amount due at the shop is ${payment.amountCents}.`,
      )
    }
    const paid = { amount: payment.amountCents, currency: payment.currency }
    const orderId = typeof payment.data.orderId === 'string' ? payment.data.orderId : cart.id
    const recorded = record(payment.data.recordedAtShop)?.method
    if (payment.status === 'succeeded') {
      // a repeat answers what was recorded, whatever method it names
      return { orderId, status: 'succeeded', paid, method: deskMethodOf(recorded) }
    }
    if (payment.status !== 'pending') {
      throw conflict(`Conflict: this payment is ${payment.status}.`, 'notDueAtShop')
    }
    const fresh = await recordEvent(tx, {
      companyId: company.id,
      provider: 'free',
      eventKey: `at-shop:${payment.id}`,
      paymentId: payment.id,
      kind: 'atShop:succeeded',
      payload: { by: input.by, amount: input.amount, method },
      at: now,
    })
    if (!fresh) return { orderId, status: 'succeeded', paid, method }
    const voucher =
      method === 'voucher' ? await payWithVoucher(tx, company.id, cart.id, input, now) : undefined
    const [current] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.companyId, company.id), eq(carts.id, cart.id)))
    if (!current) throw notFound('No such order.')
    await purposeHandler(current.purpose).collected({
      tx,
      company,
      cart: current,
      now,
      paymentId: payment.id,
      amountCents: payment.amountCents,
      by: input.by,
    })
    await tx
      .update(payments)
      .set({
        status: 'succeeded',
        succeededAt: now,
        data: {
          ...payment.data,
          recordedAtShop: {
            by: input.by,
            at: now.toISOString(),
            method,
            ...(voucher ? { giftId: voucher } : {}),
          },
        },
        updatedAt: now,
      })
      .where(and(eq(payments.companyId, company.id), eq(payments.id, payment.id)))
    await queueDeskMail(tx, company, current, {
      event: 'paid',
      amountCents: payment.amountCents,
      number: await orderNumber(tx, current, orderId),
    })
    return { orderId, status: 'succeeded', paid, method }
  })
}
