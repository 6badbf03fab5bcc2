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

/** What the hold statement counted for the customer, before this hold (hold-statement.ts). */
export interface HoldCounts {
  readonly liveHolds: number
  readonly heldToday: number
  /** epoch ms of the open cart this hold joins, null for a new cart */
  readonly openCartCreated: number | null
}

/**
 * Refuses a new hold over the limits (429). The hold call (hold-statement.ts) counts after
 * customerHoldsLock is taken and, over a limit, writes nothing and says refused; this names the
 * reason from its counts, so of a parallel burst exactly the holds under the caps pass. Both
 * check these three limits at the same bounds (server/routes/appointments/limits.test.ts).
 */
export function refuseOverHoldLimits(counts: HoldCounts, now: Date): void {
  if (counts.liveHolds >= HOLD_LIMITS.liveHolds) {
    throw tooManyRequests(
      `At most ${HOLD_LIMITS.liveHolds} services can be held at once: pay for them or remove one.`,
      'tooManyHolds',
    )
  }
  const created = counts.openCartCreated
  if (created !== null && now.getTime() - created >= HOLD_LIMITS.cartRenewMinutes * 60_000) {
    throw tooManyRequests(
      'This selection has been held for as long as allowed: pay for it, or let it lapse and start again.',
      'holdTimeLimit',
    )
  }
  if (counts.heldToday >= HOLD_LIMITS.holdsPerDay) {
    throw tooManyRequests(
      'Too many services were held without being paid today, try again tomorrow.',
      'tooManyHoldsToday',
    )
  }
}
