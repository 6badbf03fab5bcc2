import { and, count, eq, gt, ne } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { appointments, carts } from '#server/db/schema/index.ts'
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
export const HOLD_LIMITS = {
  liveHolds: 20,
  cartRenewMinutes: 60,
  holdsPerDay: 60,
} as const

const DAY_MS = 24 * 3600 * 1000

/** The advisory lock that serialises one customer's holds (locks.ts takes it with the others). */
export const customerHoldsLock = (customerId: string) => `holds:${customerId}`

/**
 * Refuses a new hold over the limits (429). Runs in the hold's transaction after
 * customerHoldsLock is taken, so of a parallel burst exactly the holds under the caps pass.
 */
export async function assertHoldRoom(
  tx: Tx,
  companyId: number,
  customerId: string,
  openCartId: string | undefined,
  now: Date,
): Promise<void> {
  const mine = and(eq(appointments.companyId, companyId), eq(appointments.customerId, customerId))
  const [live] = await tx
    .select({ n: count() })
    .from(appointments)
    .where(and(mine, eq(appointments.status, 'hold'), gt(appointments.expiresAt, now)))
  if ((live?.n ?? 0) >= HOLD_LIMITS.liveHolds) {
    throw tooManyRequests(
      `At most ${HOLD_LIMITS.liveHolds} services can be held at once: pay for them or remove one.`,
      'tooManyHolds',
    )
  }
  if (openCartId !== undefined) {
    const [cart] = await tx
      .select({ createdAt: carts.createdAt })
      .from(carts)
      .where(and(eq(carts.companyId, companyId), eq(carts.id, openCartId)))
    const ageMs = cart ? now.getTime() - cart.createdAt.getTime() : 0
    if (ageMs >= HOLD_LIMITS.cartRenewMinutes * 60_000) {
      throw tooManyRequests(
        'This selection has been held for as long as allowed: pay for it, or let it lapse and start again.',
        'holdTimeLimit',
      )
    }
  }
  const [today] = await tx
    .select({ n: count() })
    .from(appointments)
    .where(
      and(
        mine,
        ne(appointments.status, 'confirmed'),
        gt(appointments.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    )
  if ((today?.n ?? 0) >= HOLD_LIMITS.holdsPerDay) {
    throw tooManyRequests(
      'Too many services were held without being paid today, try again tomorrow.',
      'tooManyHoldsToday',
    )
  }
}
