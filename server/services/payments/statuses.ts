import type { PaymentStatus } from '#server/db/schema/index.ts'

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

/**
 * How long the free provider's payment token may confirm its payment
 * (docs/security.md#payments-and-what-they-issue): after FREE_TOKEN_MINUTES (env, decimals allowed;
 * default the unpaid cart's 30) it is refused and nothing is issued; a new initialize gives a new
 * token.
 */
const DEFAULT_FREE_TOKEN_MINUTES = UNPAID_CART_MINUTES

export function freeTokenMs(env: Record<string, string | undefined> = process.env): number {
  const minutes = Number(env.FREE_TOKEN_MINUTES)
  const valid = env.FREE_TOKEN_MINUTES !== undefined && Number.isFinite(minutes) && minutes > 0
  return Math.round((valid ? minutes : DEFAULT_FREE_TOKEN_MINUTES) * 60_000)
}
