import { tooManyRequests } from '#server/http/errors.ts'

/**
 * How much of a calendar one customer may hold unpaid (docs/decisions/017-abuse-limits.md).
 * Holds need a signed-in customer, so the customer is the session: every session of one account
 * shares these. Live holds: at most 20 across the company's shops at once (a visit is a few
 * services; the longest journey holds 15). Renewal: each new hold restarts its cart's clock, but
 * only while the cart is younger than 60 minutes, so an account cannot keep slots blocked by
 * adding a hold every few minutes. Per day: at most 60 services held and not paid (removed,
 * lapsed or still held) in 24 hours, so letting carts lapse and starting again is bounded too;
 * paid bookings never count, whatever a customer books.
 */
export interface HoldLimits {
  readonly liveHolds: number
  readonly cartRenewMinutes: number
  readonly holdsPerDay: number
}

export const HOLD_LIMITS: HoldLimits = {
  liveHolds: 20,
  cartRenewMinutes: 60,
  holdsPerDay: 60,
}

/** The advisory lock that serialises one customer's holds (locks.ts takes it with the others). */
export const customerHoldsLock = (customerId: string) => `holds:${customerId}`

/** The limit a hold was refused over: the error code of its 429. */
export type HoldRefusal = 'tooManyHolds' | 'holdTimeLimit' | 'tooManyHoldsToday'

const REFUSALS: Record<HoldRefusal, string> = {
  tooManyHolds: `At most ${HOLD_LIMITS.liveHolds} services can be held at once: pay for them or remove one.`,
  holdTimeLimit:
    'This selection has been held for as long as allowed: pay for it, or let it lapse and start again.',
  tooManyHoldsToday: 'Too many services were held without being paid today, try again tomorrow.',
}

/**
 * The 429 of a hold over the limits. The hold call (hold-statement.ts, booking_hold in
 * migration 0015) counts the customer's holds after customerHoldsLock is taken and compares them
 * with the limits it is given, in this order: live holds, the cart's renewal, holds per day.
 * Over one it writes nothing and names it, so of a parallel burst exactly the holds under the
 * caps pass (server/routes/appointments/limits.test.ts).
 */
export const holdRefused = (reason: HoldRefusal) => tooManyRequests(REFUSALS[reason], reason)
