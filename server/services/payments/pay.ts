import type { PaymentPayResponse } from '#contract/payment.ts'
import type { Db } from '#server/db/client.ts'
import type { CartRow, CompanyRow, PaymentRow } from '#server/db/schema/index.ts'
import type { Subject } from '#server/kernel/index.ts'
import { conflict, notFound } from '#server/kernel/index.ts'
import {
  customerEmail,
  latestPayment,
  ownCart,
  providerContext,
  providerPayment,
} from './context.ts'
import { orderIdOf } from './events.ts'
import { providerNamed } from './providers/index.ts'
import { settle } from './settle.ts'
import type { Settled } from './settled.ts'
import { dueAtShopOf } from './succeed.ts'

/** The payment a cart is being paid with; 404 before initialize. */
export async function currentPayment(db: Db, cart: CartRow): Promise<PaymentRow> {
  const payment = await latestPayment(db, cart.companyId, cart.id)
  if (!payment) throw notFound('No payment was initialised for this cart.')
  return payment
}

/**
 * Asks the provider where a payment stands and applies the answer. A proof that does not match
 * (a wrong free token, another PayPal order) changes nothing: it only says "not this payment".
 */
export async function verifyAndSettle(
  db: Db,
  company: CompanyRow,
  cart: CartRow,
  payment: PaymentRow,
  proof: string | undefined,
  source: 'pay' | 'success' | 'notification',
  /** the delivery's key; default: one per payment and outcome (a repeated pay is a no-op) */
  eventKey?: string,
): Promise<Settled> {
  const provider = providerNamed(payment.provider)
  if (!provider)
    throw conflict(`Conflict: unknown provider ${payment.provider}.`, 'unknownProvider')
  const email = await customerEmail(db, company.id, cart.customerId)
  const outcome = await provider.verify(
    await providerContext(db, company),
    providerPayment(company, payment, cart, { description: '', email }),
    proof,
  )
  if (outcome.kind === 'failed' && outcome.errorType === 'invalidToken') {
    return { status: 'failed', errorType: outcome.errorType, message: outcome.message }
  }
  return settle(db, {
    company,
    paymentId: payment.id,
    outcome,
    eventKey: eventKey ?? `verify:${payment.id}:${outcome.kind}`,
    source,
  })
}

export function payResponse(settled: Settled): PaymentPayResponse {
  switch (settled.status) {
    case 'succeeded':
      return settled.amountDue === undefined
        ? { status: 'succeeded', orderId: settled.orderId }
        : {
            status: 'succeeded',
            orderId: settled.orderId,
            amountDue: { ...settled.amountDue },
          }
    case 'failed':
      return { status: 'failed', errorType: settled.errorType, message: settled.message }
    case 'requiresAction':
      return settled.redirectUrl
        ? { status: 'requiresAction', redirectUrl: settled.redirectUrl }
        : { status: 'requiresAction' }
    default:
      return { status: 'pending' }
  }
}

/**
 * POST /api/payment/pay {cartId, paymentToken?}. A paid cart answers succeeded again with its
 * order (pay is safe to repeat); otherwise the provider is asked (stripe: the intent is read
 * back; paypal: the order captured; saferpay: asserted; free: the token compared).
 */
export async function payCart(
  db: Db,
  company: CompanyRow,
  subject: Subject | undefined,
  body: { cartId: string; paymentToken?: string | undefined },
): Promise<PaymentPayResponse> {
  const cart = await ownCart(db, company.id, body.cartId, subject)
  if (cart.status === 'paid') {
    const orderId = await orderIdOf(db, cart)
    const paying = await latestPayment(db, company.id, cart.id)
    const due = paying ? dueAtShopOf(paying) : undefined
    return payResponse(
      due === undefined
        ? { status: 'succeeded', orderId }
        : { status: 'succeeded', orderId, amountDue: { amount: due, currency: cart.currency } },
    )
  }
  const payment = await currentPayment(db, cart)
  return payResponse(await verifyAndSettle(db, company, cart, payment, body.paymentToken, 'pay'))
}

/**
 * POST /api/payment/success/:id, from the return page (payments/rdvcheck?cartId=): the cart's
 * state after a redirect, asking the provider once more when it is not settled yet.
 */
export async function paymentSuccess(
  db: Db,
  company: CompanyRow,
  subject: Subject | undefined,
  cartId: string,
): Promise<{ orderId: string; status: string }> {
  const cart = await ownCart(db, company.id, cartId, subject)
  if (cart.status === 'paid') return { orderId: await orderIdOf(db, cart), status: 'succeeded' }
  const payment = await currentPayment(db, cart)
  // The free provider has nothing to ask (its callback or pay settles it), Monetico no API
  // to ask (its CGI2 notification settles it): what was settled is the answer.
  if (payment.provider === 'free' || providerNamed(payment.provider)?.notifiedOnly) {
    return { orderId: cart.id, status: storedStatus(payment) }
  }
  const settled = await verifyAndSettle(db, company, cart, payment, undefined, 'success')
  const orderId = settled.status === 'succeeded' ? settled.orderId : cart.id
  return { orderId, status: settled.status }
}

function storedStatus(payment: PaymentRow): Settled['status'] {
  if (payment.status === 'requiresAction') return 'requiresAction'
  if (payment.status === 'failed' || payment.status === 'cancelled') return 'failed'
  return payment.status === 'created' || payment.status === 'pending' ? 'pending' : 'succeeded'
}
