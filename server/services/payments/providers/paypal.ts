import { InvalidNotification, ProviderError } from '../errors.ts'
import { decimalAmount, field, minorUnits, type ProviderResponse, text } from './http.ts'
import { accessToken, paypalCall, paypalIssue, verifyWebhook } from './paypal-client.ts'
import type {
  Outcome,
  PaymentProviderAdapter,
  ProviderContext,
  ProviderNotification,
} from './types.ts'

/** A capture (in an order, or a PAYMENT.CAPTURE.* webhook's resource) as our outcome. */
function captureOutcome(context: ProviderContext, capture: unknown): Outcome | undefined {
  const status = text(field(capture, 'status'))
  const id = text(field(capture, 'id'))
  if (status === 'COMPLETED' && id) {
    const currency = text(field(capture, 'amount', 'currency_code')) ?? ''
    const value = text(field(capture, 'amount', 'value')) ?? ''
    return {
      kind: 'succeeded',
      amountCents: minorUnits(value, context.precision),
      currency,
      transactionId: id,
      data: { captureId: id },
    }
  }
  if (status === 'DECLINED' || status === 'FAILED') {
    return { kind: 'failed', errorType: 'card_error', message: 'PayPal declined the payment.' }
  }
  return undefined
}

/** An order (create, capture or get answer) as our outcome, from its first capture. */
function orderOutcome(context: ProviderContext, body: unknown): Outcome {
  const capture = captureOutcome(
    context,
    field(body, 'purchase_units', 0, 'payments', 'captures', 0),
  )
  if (capture) return capture
  if (text(field(body, 'status')) === 'PAYER_ACTION_REQUIRED') return { kind: 'requiresAction' }
  return { kind: 'pending' }
}

/** The capture a refund belongs to: the last path segment of its `up` link. */
function refundedCapture(refund: unknown): string | undefined {
  const links = field(refund, 'links')
  const up = Array.isArray(links) ? links.find((l) => text(field(l, 'rel')) === 'up') : undefined
  const href = text(field(up, 'href'))
  return href ? href.replace(/\/+$/, '').split('/').at(-1) : undefined
}

/**
 * A verified webhook event (developer.paypal.com/api/rest/webhooks/event-names):
 * PAYMENT.CAPTURE.COMPLETED settles the payment (the capture's order is the payment's
 * providerRef: supplementary_data.related_ids.order_id); PAYMENT.CAPTURE.DENIED fails it;
 * CHECKOUT.ORDER.APPROVED (the payer approved, the browser may never call pay) asks for the
 * capture; PAYMENT.CAPTURE.REFUNDED reports a refund, found by its capture. Others are
 * acknowledged and ignored.
 */
function webhookNotification(context: ProviderContext, event: object): ProviderNotification {
  const id = text(field(event, 'id')) ?? ''
  const type = text(field(event, 'event_type')) ?? ''
  const resource = field(event, 'resource')
  const payload = { id, type, resource: text(field(resource, 'id')) ?? null }
  const ignored = { eventKey: id, providerRef: undefined, outcome: undefined, payload }
  if (!id) throw new InvalidNotification('The PayPal notification has no event id.')
  const orderOfCapture = text(field(resource, 'supplementary_data', 'related_ids', 'order_id'))
  switch (type) {
    case 'PAYMENT.CAPTURE.COMPLETED': {
      const outcome = captureOutcome(context, resource)
      return { ...ignored, providerRef: orderOfCapture, outcome }
    }
    case 'PAYMENT.CAPTURE.DENIED':
      return {
        ...ignored,
        providerRef: orderOfCapture,
        outcome: { kind: 'failed', errorType: 'card_error', message: 'PayPal denied the payment.' },
      }
    case 'CHECKOUT.ORDER.APPROVED':
      return { ...ignored, providerRef: text(field(resource, 'id')), askProvider: true }
    case 'PAYMENT.CAPTURE.REFUNDED': {
      const refundId = text(field(resource, 'id'))
      const capture = refundedCapture(resource)
      if (!refundId || !capture) return ignored
      const total = text(
        field(resource, 'seller_payable_breakdown', 'total_refunded_amount', 'value'),
      )
      const amount = minorUnits(text(field(resource, 'amount', 'value')) ?? '', context.precision)
      const totalCents = total === undefined ? undefined : minorUnits(total, context.precision)
      if (
        !Number.isInteger(amount) ||
        (totalCents !== undefined && !Number.isInteger(totalCents))
      ) {
        return ignored
      }
      return {
        ...ignored,
        transactionId: capture,
        refund: { id: refundId, amountCents: amount, totalRefundedCents: totalCents },
      }
    }
    default:
      return ignored
  }
}

/** What a refused capture means (developer.paypal.com/docs/api/orders/v2/#errors). */
async function refusedCapture(
  context: ProviderContext,
  orderId: string,
  response: ProviderResponse,
): Promise<Outcome> {
  const { issue, message } = paypalIssue(response.body)
  if (issue === 'ORDER_ALREADY_CAPTURED') {
    // A repeated pay: read the order, whose capture says what happened the first time.
    const order = await paypalCall(context, 'GET', `/v2/checkout/orders/${orderId}`)
    return orderOutcome(context, order.body)
  }
  if (issue === 'ORDER_NOT_APPROVED' || issue === 'PAYER_ACTION_REQUIRED') {
    return { kind: 'requiresAction' }
  }
  if (issue === 'INSTRUMENT_DECLINED' || issue === 'TRANSACTION_REFUSED') {
    return { kind: 'failed', errorType: 'card_error', message }
  }
  throw new ProviderError('paypal', `${issue}: ${message}`, response.status)
}

/**
 * PayPal Orders v2. initialize creates the order (intent CAPTURE) for the server's amount; the
 * JS SDK's buttons show it to the payer (its id is result.token); pay with that id captures it.
 * Webhooks (POST /api/payment/notify/paypal/<token>) are verified with PayPal's
 * verify-webhook-signature call before anything is read from them (paypal-client.ts).
 */
export const paypalProvider: PaymentProviderAdapter = {
  name: 'paypal',
  scenario: 'embedded',
  configured: (context) =>
    context.secret('PAYPAL_CLIENT_ID') !== undefined &&
    context.secret('PAYPAL_CLIENT_SECRET') !== undefined,

  async create(context, payment) {
    const response = await paypalCall(context, 'POST', '/v2/checkout/orders', {
      requestId: `payment-${payment.id}`,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: payment.cartId,
            custom_id: payment.id,
            description: payment.description.slice(0, 127),
            amount: {
              currency_code: payment.currency,
              value: decimalAmount(payment.amountCents, context.precision),
            },
          },
        ],
      },
    })
    const id = text(field(response.body, 'id'))
    if (response.status >= 300 || !id) {
      const { issue, message } = paypalIssue(response.body)
      throw new ProviderError('paypal', `${issue}: ${message}`, response.status)
    }
    return { providerRef: id, token: id }
  },

  async verify(context, payment, proof) {
    const orderId = payment.providerRef
    if (!orderId) return { kind: 'pending' }
    if (proof !== undefined && proof !== orderId) {
      return { kind: 'failed', errorType: 'invalidToken', message: 'Unknown PayPal order.' }
    }
    const response = await paypalCall(context, 'POST', `/v2/checkout/orders/${orderId}/capture`, {
      requestId: `capture-${payment.id}`,
      body: {},
    })
    if (response.status >= 300) return refusedCapture(context, orderId, response)
    return orderOutcome(context, response.body)
  },

  async notification(context, raw) {
    const event = await verifyWebhook(context, raw.headers, raw.body)
    return webhookNotification(context, event)
  },

  async refund(context, payment, refund) {
    const captureId = text(payment.data.captureId)
    if (!captureId) throw new ProviderError('paypal', 'no capture to refund')
    const response = await paypalCall(
      context,
      'POST',
      `/v2/payments/captures/${captureId}/refund`,
      {
        requestId: refund.key,
        body: {
          amount: {
            currency_code: payment.currency,
            value: decimalAmount(refund.amountCents, context.precision),
          },
        },
      },
    )
    const id = text(field(response.body, 'id'))
    if (response.status >= 300 || !id) {
      const { issue, message } = paypalIssue(response.body)
      throw new ProviderError('paypal', `${issue}: ${message}`, response.status)
    }
    return id
  },

  async connected(context) {
    if (!paypalProvider.configured(context)) return false
    // A token proves the credentials work; nothing is created.
    return accessToken(context).then(
      () => true,
      () => false,
    )
  },
}
