import { apiBase } from '#server/kernel/index.ts'
import { ProviderError, paymentNotConfigured } from '../errors.ts'
import { basicAuth, callProvider, field, type ProviderResponse, text } from './http.ts'
import type { Outcome, PaymentProviderAdapter, ProviderContext } from './types.ts'

/** The test environment unless told otherwise (production: https://www.saferpay.com/api). */
export const SAFERPAY_DEFAULT_BASE = 'https://test.saferpay.com/api'
export const SAFERPAY_SPEC_VERSION = '1.40'

function account(context: ProviderContext) {
  const customerId = context.secret('SAFERPAY_CUSTOMER_ID')
  const terminalId = context.secret('SAFERPAY_TERMINAL_ID')
  const user = context.secret('SAFERPAY_USERNAME')
  const password = context.secret('SAFERPAY_PASSWORD')
  if (!customerId || !terminalId || !user || !password) throw paymentNotConfigured('saferpay')
  return { customerId, terminalId, auth: basicAuth(user, password) }
}

/**
 * One JSON API call. RequestId names the operation, so a retried call is recognised by Saferpay
 * (RetryIndicator stays 0: we never resend the same request automatically).
 */
async function saferpayCall(
  context: ProviderContext,
  path: string,
  requestId: string,
  body: Record<string, unknown>,
): Promise<ProviderResponse> {
  const { customerId, auth } = account(context)
  const base = apiBase(context.secret, 'SAFERPAY_API_BASE', SAFERPAY_DEFAULT_BASE)
  return callProvider('saferpay', `${base}/Payment/v1/${path}`, {
    headers: {
      authorization: auth,
      'content-type': 'application/json; charset=utf-8',
      accept: 'application/json',
    },
    body: JSON.stringify({
      RequestHeader: {
        SpecVersion: SAFERPAY_SPEC_VERSION,
        CustomerId: customerId,
        RequestId: requestId,
        RetryIndicator: 0,
      },
      ...body,
    }),
  })
}

const failure = (response: ProviderResponse) =>
  new ProviderError(
    'saferpay',
    `${text(field(response.body, 'ErrorName')) ?? `HTTP ${response.status}`}: ${
      text(field(response.body, 'ErrorMessage')) ?? 'refused'
    }`,
    response.status,
  )

/** Errors of Assert that mean "the payer did not pay" rather than "Saferpay failed". */
const DECLINES = new Set([
  'TRANSACTION_DECLINED',
  'TRANSACTION_ABORTED',
  '3DS_AUTHENTICATION_FAILED',
  'PAYMENTMEANS_INVALID',
  'CARD_EXPIRED',
])

async function capture(context: ProviderContext, paymentId: string, transactionId: string) {
  const response = await saferpayCall(context, 'Transaction/Capture', `capture-${paymentId}`, {
    TransactionReference: { TransactionId: transactionId },
  })
  const captureId = text(field(response.body, 'CaptureId'))
  if (response.status !== 200 || !captureId) throw failure(response)
  return captureId
}

/**
 * Saferpay Payment Page: Initialize gives the page the payer is redirected to (result.token is
 * its RedirectUrl); Assert, when the payer is back or Saferpay notifies us, says what happened;
 * an AUTHORIZED transaction is then captured.
 */
export const saferpayProvider: PaymentProviderAdapter = {
  name: 'saferpay',
  scenario: 'redirect',
  configured: (context) =>
    [
      'SAFERPAY_CUSTOMER_ID',
      'SAFERPAY_TERMINAL_ID',
      'SAFERPAY_USERNAME',
      'SAFERPAY_PASSWORD',
    ].every((name) => context.secret(name) !== undefined),

  async create(context, payment) {
    const { terminalId } = account(context)
    const response = await saferpayCall(context, 'PaymentPage/Initialize', `init-${payment.id}`, {
      TerminalId: terminalId,
      Payment: {
        Amount: { Value: String(payment.amountCents), CurrencyCode: payment.currency },
        OrderId: payment.id,
        Description: payment.description.slice(0, 1000),
      },
      ReturnUrl: { Url: payment.returnUrl },
      Notification: { SuccessNotifyUrl: payment.notifyUrl, FailNotifyUrl: payment.notifyUrl },
    })
    const token = text(field(response.body, 'Token'))
    const redirectUrl = text(field(response.body, 'RedirectUrl'))
    if (response.status !== 200 || !token || !redirectUrl) throw failure(response)
    return { providerRef: token, token: redirectUrl }
  },

  async verify(context, payment): Promise<Outcome> {
    if (!payment.providerRef) return { kind: 'pending' }
    const response = await saferpayCall(context, 'PaymentPage/Assert', `assert-${payment.id}`, {
      Token: payment.providerRef,
    })
    if (response.status !== 200) {
      const name = text(field(response.body, 'ErrorName')) ?? ''
      if (DECLINES.has(name)) {
        const message = text(field(response.body, 'ErrorMessage')) ?? 'Payment declined.'
        return { kind: 'failed', errorType: 'card_error', message }
      }
      if (name === 'TRANSACTION_IN_WRONG_STATE') return { kind: 'pending' }
      throw failure(response)
    }
    const transaction = field(response.body, 'Transaction')
    const status = text(field(transaction, 'Status'))
    const id = text(field(transaction, 'Id')) ?? ''
    const known = text(field(transaction, 'CaptureId'))
    if (status !== 'AUTHORIZED' && status !== 'CAPTURED') return { kind: 'pending' }
    const captureId = status === 'CAPTURED' ? (known ?? id) : await capture(context, payment.id, id)
    return {
      kind: 'succeeded',
      amountCents: Number(text(field(transaction, 'Amount', 'Value'))),
      currency: text(field(transaction, 'Amount', 'CurrencyCode')) ?? '',
      transactionId: id,
      data: { captureId },
    }
  },

  async refund(context, payment, refund) {
    const captureId = text(payment.data.captureId)
    if (!captureId) throw new ProviderError('saferpay', 'no capture to refund')
    const response = await saferpayCall(context, 'Transaction/Refund', refund.key, {
      Refund: { Amount: { Value: String(refund.amountCents), CurrencyCode: payment.currency } },
      CaptureReference: { CaptureId: captureId },
    })
    const refundId = text(field(response.body, 'Transaction', 'Id'))
    if (response.status !== 200 || !refundId) throw failure(response)
    // A refund is a transaction of its own that must be captured too.
    return capture(context, refund.key, refundId)
  },

  connected: async (context) => saferpayProvider.configured(context),
}
