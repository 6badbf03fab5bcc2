import { createHmac, timingSafeEqual } from 'node:crypto'
import { apiBase } from '#server/kernel/index.ts'
import { InvalidNotification, ProviderError, paymentNotConfigured } from '../errors.ts'
import { basicAuth, callProvider, field, text } from './http.ts'
import type { Outcome, PaymentProviderAdapter, ProviderContext } from './types.ts'

export const PAYZEN_DEFAULT_BASE = 'https://api.payzen.eu'

/** POST <base>/api-payment/V4/<service> with Basic shopId:password; the answer, or 502. */
async function payzenCall(context: ProviderContext, service: string, body: unknown) {
  const shopId = context.secret('PAYZEN_SHOP_ID')
  const password = context.secret('PAYZEN_PASSWORD')
  if (!shopId || !password) throw paymentNotConfigured('payzen')
  const base = apiBase(context.secret, 'PAYZEN_API_BASE', PAYZEN_DEFAULT_BASE)
  const response = await callProvider('payzen', `${base}/api-payment/V4/${service}`, {
    headers: { authorization: basicAuth(shopId, password), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  // PayZen answers HTTP 200 with status ERROR and an errorCode for refusals of the call.
  if (response.status !== 200 || text(field(response.body, 'status')) !== 'SUCCESS') {
    const code = text(field(response.body, 'answer', 'errorCode')) ?? `HTTP ${response.status}`
    const message = text(field(response.body, 'answer', 'errorMessage')) ?? 'refused'
    throw new ProviderError('payzen', `${code}: ${message}`, response.status)
  }
  return field(response.body, 'answer')
}

/** A transaction list (Order/Get answer, IPN kr-answer) as our outcome. */
function transactionsOutcome(transactions: unknown, orderStatus: string | undefined): Outcome {
  const list = Array.isArray(transactions) ? transactions : []
  const paid = list.find((t) => text(field(t, 'status')) === 'PAID')
  if (paid && (orderStatus === undefined || orderStatus === 'PAID')) {
    const uuid = text(field(paid, 'uuid')) ?? ''
    return {
      kind: 'succeeded',
      amountCents: Number(field(paid, 'amount')),
      currency: text(field(paid, 'currency')) ?? '',
      transactionId: uuid,
      data: { transactionUuid: uuid },
    }
  }
  if (
    orderStatus === 'UNPAID' ||
    orderStatus === 'ABANDONED' ||
    (list.length > 0 && list.every(isRefused))
  ) {
    // the latest attempt says why (a payer may be refused, then give up on the next card)
    const detail = text(field(list.at(-1), 'detailedStatus')) ?? orderStatus ?? 'REFUSED'
    if (orderStatus === 'ABANDONED' || PAYER_CANCELLED.has(detail)) {
      return { kind: 'failed', errorType: 'cancelled', message: `Payment cancelled (${detail}).` }
    }
    return { kind: 'failed', errorType: 'card_error', message: `Payment refused (${detail}).` }
  }
  return { kind: 'pending' }
}
const isRefused = (t: unknown) => text(field(t, 'status')) === 'UNPAID'
/** detailedStatus of an attempt the payer gave up (closed 3-D Secure), not a refusal. */
const PAYER_CANCELLED = new Set(['ABANDONED', 'CANCELLED'])

/** kr-hash = hex HMAC-SHA256 of kr-answer: keyed by the password for IPN, the HMAC key else. */
function verifyHash(context: ProviderContext, form: URLSearchParams): string {
  const answer = form.get('kr-answer') ?? ''
  const keyName = form.get('kr-hash-key') === 'password' ? 'PAYZEN_PASSWORD' : 'PAYZEN_HMAC_KEY'
  const key = context.secret(keyName)
  if (!key) throw paymentNotConfigured('payzen')
  const expected = createHmac('sha256', key).update(answer, 'utf8').digest()
  const given = Buffer.from(form.get('kr-hash') ?? '', 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new InvalidNotification()
  }
  return answer
}

/**
 * PayZen (Lyra) REST V4: Charge/CreatePayment gives the form token the embedded form
 * (kr-form-token) needs; the IPN (kr-answer signed with kr-hash) and Order/Get say whether
 * the order was paid; Transaction/CancelOrRefund refunds.
 */
export const payzenProvider: PaymentProviderAdapter = {
  name: 'payzen',
  scenario: 'embedded',
  configured: (context) =>
    context.secret('PAYZEN_SHOP_ID') !== undefined &&
    context.secret('PAYZEN_PASSWORD') !== undefined,

  async create(context, payment) {
    const answer = await payzenCall(context, 'Charge/CreatePayment', {
      amount: payment.amountCents,
      currency: payment.currency,
      orderId: payment.id,
      ipnTargetUrl: payment.notifyUrl,
      customer: {
        reference: payment.cartId,
        ...(payment.customerEmail ? { email: payment.customerEmail } : {}),
      },
    })
    const formToken = text(field(answer, 'formToken'))
    if (!formToken) throw new ProviderError('payzen', 'no form token')
    return { providerRef: payment.id, token: formToken }
  },

  async verify(context, payment) {
    const answer = await payzenCall(context, 'Order/Get', { orderId: payment.id })
    return transactionsOutcome(field(answer, 'transactions'), undefined)
  },

  async notification(context, raw) {
    const form = new URLSearchParams(raw.body)
    const answer = verifyHash(context, form)
    let parsed: unknown
    try {
      parsed = JSON.parse(answer)
    } catch {
      throw new InvalidNotification('kr-answer is not JSON.')
    }
    const orderId = text(field(parsed, 'orderDetails', 'orderId'))
    const orderStatus = text(field(parsed, 'orderStatus'))
    const uuid = text(field(parsed, 'transactions', 0, 'uuid')) ?? 'none'
    return {
      eventKey: `${orderId}:${uuid}:${orderStatus}`,
      providerRef: orderId,
      outcome: transactionsOutcome(field(parsed, 'transactions'), orderStatus),
      payload: { orderId: orderId ?? null, orderStatus: orderStatus ?? null, uuid },
    }
  },

  async refund(context, payment, refund) {
    const uuid = text(payment.data.transactionUuid)
    if (!uuid) throw new ProviderError('payzen', 'no transaction to refund')
    const answer = await payzenCall(context, 'Transaction/CancelOrRefund', {
      uuid,
      amount: refund.amountCents,
      currency: payment.currency,
    })
    return text(field(answer, 'uuid')) ?? refund.key
  },

  connected: async (context) => payzenProvider.configured(context),
}
