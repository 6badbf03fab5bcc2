import Stripe from 'stripe'
import { apiBase } from '#server/kernel/index.ts'
import { ProviderError, paymentNotConfigured } from '../errors.ts'
import type { ProviderContext } from './types.ts'

export const STRIPE_DEFAULT_BASE = 'https://api.stripe.com'

// One client per key and base: the SDK keeps its HTTP agent, so connections are reused.
const clients = new Map<string, Stripe>()

/**
 * The official SDK pointed at STRIPE_API_BASE (https://api.stripe.com unless told otherwise:
 * tests replay recordings on 127.0.0.1). No automatic network retries: every write carries an
 * idempotency key and our own callers decide what a failure means.
 */
export function stripeClient(context: ProviderContext): Stripe {
  const key = context.secret('STRIPE_SECRET_KEY')
  if (!key) throw paymentNotConfigured('stripe')
  const base = new URL(apiBase(context.secret, 'STRIPE_API_BASE', STRIPE_DEFAULT_BASE))
  const cacheKey = `${key}@${base.origin}`
  const cached = clients.get(cacheKey)
  if (cached) return cached
  const protocol = base.protocol === 'http:' ? 'http' : 'https'
  const client = new Stripe(key, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 0,
    timeout: 15_000,
    telemetry: false,
  })
  clients.set(cacheKey, client)
  return client
}

/** Stripe-Account header for a connected account (stripe connect), when the company has one. */
export const onAccount = (context: ProviderContext) =>
  context.stripeAccount ? { stripeAccount: context.stripeAccount } : {}

/** SDK failures as our 502; the Stripe error type (card_error...) stays in the message. */
export function stripeFailure(error: unknown): ProviderError {
  if (error instanceof Stripe.errors.StripeError) {
    return new ProviderError('stripe', `${error.type}: ${error.message}`, error.statusCode)
  }
  return new ProviderError('stripe', error instanceof Error ? error.message : String(error))
}
