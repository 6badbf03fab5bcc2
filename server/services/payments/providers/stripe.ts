import type Stripe from 'stripe'
import { InvalidNotification, paymentNotConfigured } from '../errors.ts'
import { onAccount, stripeClient, stripeFailure } from './stripe-client.ts'
import {
  NOTIFICATION_TOLERANCE_SECONDS,
  type Outcome,
  type PaymentProviderAdapter,
} from './types.ts'

/** A PaymentIntent's status as our outcome (docs.stripe.com/payments/paymentintents/lifecycle). */
export function intentOutcome(intent: Stripe.PaymentIntent): Outcome {
  switch (intent.status) {
    case 'succeeded': {
      const charge = intent.latest_charge
      return {
        kind: 'succeeded',
        amountCents: intent.amount_received,
        currency: intent.currency.toUpperCase(),
        transactionId: (typeof charge === 'string' ? charge : charge?.id) ?? intent.id,
      }
    }
    case 'requires_action': {
      const url = intent.next_action?.redirect_to_url?.url
      return url ? { kind: 'requiresAction', redirectUrl: url } : { kind: 'requiresAction' }
    }
    case 'requires_payment_method': {
      // Not paid yet; after a decline Stripe puts the intent back here with the error (docs/product/8-errors.md).
      const error = intent.last_payment_error
      return error
        ? { kind: 'failed', errorType: error.type, message: error.message ?? 'Payment declined.' }
        : { kind: 'pending' }
    }
    case 'canceled':
      return { kind: 'failed', errorType: 'canceled', message: 'The payment was cancelled.' }
    default:
      return { kind: 'pending' }
  }
}

const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.processing',
  'payment_intent.requires_action',
  'payment_intent.canceled',
])

/**
 * Stripe PaymentIntents through the official SDK. The browser confirms the card with the
 * client secret (Stripe.js, Payment Element); the server only ever reads the intent back, so
 * what the client says happened is never taken for what happened.
 */
export const stripeProvider: PaymentProviderAdapter = {
  name: 'stripe',
  scenario: 'embedded',
  configured: (context) => context.secret('STRIPE_SECRET_KEY') !== undefined,

  async create(context, payment) {
    const stripe = stripeClient(context)
    const intent = await stripe.paymentIntents
      .create(
        {
          amount: payment.amountCents,
          currency: payment.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          description: payment.description,
          ...(payment.customerEmail ? { receipt_email: payment.customerEmail } : {}),
          metadata: {
            paymentId: payment.id,
            cartId: payment.cartId,
            company: context.companyToken,
          },
        },
        { idempotencyKey: `payment-${payment.id}`, ...onAccount(context) },
      )
      .catch((error: unknown) => Promise.reject(stripeFailure(error)))
    if (!intent.client_secret) throw stripeFailure(new Error('no client secret'))
    return { providerRef: intent.id, token: intent.client_secret }
  },

  async verify(context, payment) {
    // The client's proof is not needed: the intent is read back by the id we stored.
    if (!payment.providerRef) return { kind: 'pending' }
    const intent = await stripeClient(context)
      .paymentIntents.retrieve(payment.providerRef, {}, onAccount(context))
      .catch((error: unknown) => Promise.reject(stripeFailure(error)))
    return intentOutcome(intent)
  },

  async notification(context, raw) {
    const secret = context.secret('STRIPE_WEBHOOK_SECRET')
    if (!secret) throw paymentNotConfigured('stripe webhook')
    const signature = raw.headers.get('stripe-signature') ?? ''
    let event: Stripe.Event
    try {
      // t= of the signature within the tolerance, else refused (docs.stripe.com/webhooks)
      event = stripeClient(context).webhooks.constructEvent(
        raw.body,
        signature,
        secret,
        NOTIFICATION_TOLERANCE_SECONDS,
      )
    } catch {
      throw new InvalidNotification()
    }
    const payload = { id: event.id, type: event.type }
    if (!INTENT_EVENTS.has(event.type)) {
      return { eventKey: event.id, providerRef: undefined, outcome: undefined, payload }
    }
    const intent = event.data.object as Stripe.PaymentIntent
    return { eventKey: event.id, providerRef: intent.id, outcome: intentOutcome(intent), payload }
  },

  async refund(context, payment, refund) {
    if (!payment.providerRef) throw stripeFailure(new Error('no payment intent to refund'))
    const created = await stripeClient(context)
      .refunds.create(
        { payment_intent: payment.providerRef, amount: refund.amountCents },
        { idempotencyKey: refund.key, ...onAccount(context) },
      )
      .catch((error: unknown) => Promise.reject(stripeFailure(error)))
    return created.id
  },

  async connected(context) {
    if (!stripeProvider.configured(context)) return false
    if (!context.stripeAccount) return true
    try {
      const account = await stripeClient(context).accounts.retrieve(context.stripeAccount)
      return account.charges_enabled
    } catch {
      return false
    }
  },
}
