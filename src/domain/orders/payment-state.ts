/**
 * An order's payment status in words the customer understands
 * (docs/product/5-rules.md#order-bills): paid, due at the shop (the free provider means "pay at the
 * shop", decision 012), refunded, partially refunded, awaiting payment, cancelled. From the order's
 * own facts, the same for booking and shop orders.
 */
export const PAYMENT_STATES = [
  'paid',
  'dueAtShop',
  'refunded',
  'partiallyRefunded',
  'pending',
  'cancelled',
] as const
export type PaymentState = (typeof PAYMENT_STATES)[number]

export interface PaymentFacts {
  /** the order's status (booking or e-shop) */
  readonly status: string
  /** what is to pay by the payment, minor units (the bill's total) */
  readonly due: number
  /** what was paid so far by the payment, net of refunds */
  readonly paid: number
  /** the payment was confirmed as "pay at the shop" (free provider) */
  readonly atShop: boolean
}

export function paymentState(facts: PaymentFacts): PaymentState {
  if (facts.status === 'refunded') return 'refunded'
  if (facts.status === 'partiallyRefunded') return 'partiallyRefunded'
  if (facts.status === 'cancelled') return 'cancelled'
  // confirmed without money: what is left is paid at the shop (the order may stay 'pending'
  // until the shop records it, as an e-shop order waiting for collection does)
  if (facts.atShop && facts.paid < facts.due) return 'dueAtShop'
  if (facts.paid >= facts.due && facts.status !== 'pending') return 'paid'
  return 'pending'
}
