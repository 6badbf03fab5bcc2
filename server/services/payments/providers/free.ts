import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { PaymentProviderAdapter } from './types.ts'

const same = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * The default when a company names no provider (spec §7): no money moves online (the customer
 * pays at the shop, or a voucher covered everything), so the payment completes offline. The
 * token is a random secret handed to the browser that initialised the payment: only that
 * browser's callback or pay can confirm it, so knowing a cart id is not enough.
 */
export const freeProvider: PaymentProviderAdapter = {
  name: 'free',
  scenario: 'none',
  configured: () => true,

  async create(_context, payment) {
    const token = randomBytes(24).toString('base64url')
    return { providerRef: `free_${payment.id}`, token }
  },

  async verify(_context, payment, proof) {
    const token = payment.token
    if (!token || proof === undefined || !same(token, proof)) {
      return { kind: 'failed', errorType: 'invalidToken', message: 'Unknown payment token.' }
    }
    return {
      kind: 'succeeded',
      amountCents: payment.amountCents,
      currency: payment.currency,
      transactionId: payment.providerRef ?? `free_${payment.id}`,
    }
  },

  async refund(_context, _payment, refund) {
    // Nothing was charged online: the refund is a record of ours (money goes back at the shop).
    return `free_${refund.key}`
  },

  connected: async () => true,
}
