import { MAX_LIVE_HOLDS, VISIT_MAX_SERVICES } from '#contract/constants.ts'
import { tooManyRequests } from '#server/kernel/index.ts'

/**
 * How much of a calendar one customer may hold unpaid (docs/decisions/017-abuse-limits.md).
 * Holds need a signed-in customer, so the customer is the session: every session of one account
 * shares these. Live holds: at most 20 across the company's shops at once (a visit is a few
 * services; the longest journey holds 15). A visit's worth: at most VISIT_MAX_SERVICES live
 * holds at one shop on one shop-local day, so one account never holds a whole day of a service
 * (docs/decisions/062-visit-bound-and-list-params.md). The cart's clock is set by its first hold
 * and never restarted by later ones (same record); renewal: a hold into a cart older than 60
 * minutes is refused (only a waitlist offer's cart lives that long). Per day: at most 60
 * services held and not paid (removed, lapsed or still held) in 24 hours, so letting carts lapse
 * and starting again is bounded too; paid bookings never count, whatever a customer books.
 */
export interface HoldLimits {
  readonly liveHolds: number
  /** live holds at one shop on one shop-local day */
  readonly dayHolds: number
  readonly cartRenewMinutes: number
  readonly holdsPerDay: number
}

export const HOLD_LIMITS: HoldLimits = {
  liveHolds: MAX_LIVE_HOLDS,
  dayHolds: VISIT_MAX_SERVICES,
  cartRenewMinutes: 60,
  holdsPerDay: 60,
}

/** The advisory lock that serialises one customer's holds (locks.ts takes it with the others). */
export const customerHoldsLock = (customerId: string) => `holds:${customerId}`

/** The limit a hold was refused over: the error code of its 429. */
export type HoldRefusal =
  | 'tooManyHolds'
  | 'tooManyHoldsForDay'
  | 'holdTimeLimit'
  | 'tooManyHoldsToday'

const REFUSALS: Record<HoldRefusal, string> = {
  tooManyHolds: `At most ${HOLD_LIMITS.liveHolds} services can be held at once: pay for them or remove one.`,
  tooManyHoldsForDay: `At most ${HOLD_LIMITS.dayHolds} services can be held at one shop on one day: pay for them or choose another day.`,
  holdTimeLimit:
    'This selection has been held for as long as allowed: pay for it, or let it lapse and start again.',
  tooManyHoldsToday: 'Too many services were held without being paid today, try again tomorrow.',
}

/**
 * The 429 of a hold over the limits. The hold call (hold-statement.ts, booking_hold in
 * migration 0015) counts the customer's holds after customerHoldsLock is taken and compares them
 * with the limits it is given, in this order: live holds, holds at the shop that day, the cart's
 * renewal, holds per day (migration 0017). Over one it writes nothing and names it, so of a
 * parallel burst exactly the holds under the caps pass (server/routes/appointments/limits.test.ts,
 * hoarding.test.ts).
 */
export const holdRefused = (reason: HoldRefusal) => tooManyRequests(REFUSALS[reason], reason)
