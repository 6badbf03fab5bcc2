import { randomBytes, timingSafeEqual } from 'node:crypto'
import { clock } from '#server/kernel/index.ts'
import { freeTokenMs } from '../statuses.ts'
import type { PaymentProviderAdapter } from './types.ts'

const same = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * The default when a company names no provider (docs/product/7-calls.md): no money moves online, the customer
 * pays at the shop (or a voucher covered everything). Decision 012: its "success" confirms the
 * order, never a payment: succeeded with dueAtShop when there is an amount, so a booking is
 * confirmed with its amount due, and a voucher, an e-shop order or loyalty points wait for the
 * shop to record the payment (POST /api/payment/at-shop).
 * The token is a random secret handed to the browser that initialised the payment, bound to
 * this payment (company, cart, amount) and valid FREE_TOKEN_MINUTES: only that browser's
 * callback or pay can confirm it, and only once (the payment is settled after).
 */
export const freeProvider: PaymentProviderAdapter = {
  name: 'free',
  scenario: 'none',
  configured: () => true,

  async create(_context, payment) {
    const token = randomBytes(24).toString('base64url')
    const tokenExpiresAt = new Date(clock.now().getTime() + freeTokenMs()).toISOString()
    return { providerRef: `free_${payment.id}`, token, data: { tokenExpiresAt } }
  },

  async verify(_context, payment, proof) {
    const token = payment.token
    if (!token || proof === undefined || !same(token, proof)) {
      return { kind: 'failed', errorType: 'invalidToken', message: 'Unknown payment token.' }
    }
    const expires = payment.data.tokenExpiresAt
    if (typeof expires !== 'string' || !(clock.now().getTime() < Date.parse(expires))) {
      return {
        kind: 'failed',
        errorType: 'tokenExpired',
        message: 'This payment has expired: start the payment again.',
      }
    }
    return {
      kind: 'succeeded',
      amountCents: payment.amountCents,
      currency: payment.currency,
      transactionId: payment.providerRef ?? `free_${payment.id}`,
      ...(payment.amountCents > 0 ? { dueAtShop: true } : {}),
    }
  },

  async refund(_context, _payment, refund) {
    // Nothing was charged online: the refund is a record of ours (money goes back at the shop).
    return `free_${refund.key}`
  },

  connected: async () => true,
}
