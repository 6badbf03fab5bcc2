import type { PaymentStatus } from '../../db/schema/index.ts'

/** A payment still waiting for its outcome: the one a new initialize supersedes. */
export const OPEN_PAYMENT_STATUSES = [
  'created',
  'requiresAction',
  'pending',
] as const satisfies readonly PaymentStatus[]

/** A payment whose money was taken: nothing may turn it back into anything else but a refund. */
export const TAKEN_PAYMENT_STATUSES = [
  'succeeded',
  'partiallyRefunded',
  'refunded',
] as const satisfies readonly PaymentStatus[]

/** How long an e-shop or gift cart may wait for its payment before it is given up. */
export const UNPAID_CART_MINUTES = 30
