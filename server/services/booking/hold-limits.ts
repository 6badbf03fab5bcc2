import { and, eq, gt, ne, sql } from 'drizzle-orm'
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
  const a = appointments
  const mine = and(eq(a.companyId, companyId), eq(a.customerId, customerId))
  // the three counts in ONE statement (decision 035: a hold's statements are its latency)
  const [counts] = await tx
    .select({
      live: sql<number>`(select count(*) from ${a} where ${and(mine, eq(a.status, 'hold'), gt(a.expiresAt, now))})`.mapWith(
        Number,
      ),
      today:
        sql<number>`(select count(*) from ${a} where ${and(mine, ne(a.status, 'confirmed'), gt(a.createdAt, new Date(now.getTime() - DAY_MS)))})`.mapWith(
          Number,
        ),
      // epoch ms: no timestamp text to parse, whichever driver
      cartCreated: sql<
        number | null
      >`(select (extract(epoch from ${carts.createdAt}) * 1000)::float8 from ${carts} where ${and(eq(carts.companyId, companyId), eq(carts.id, openCartId ?? ''))})`,
    })
    .from(sql`(select 1) as one`)
  if ((counts?.live ?? 0) >= HOLD_LIMITS.liveHolds) {
    throw tooManyRequests(
      `At most ${HOLD_LIMITS.liveHolds} services can be held at once: pay for them or remove one.`,
      'tooManyHolds',
    )
  }
  const cartCreated = counts?.cartCreated
  if (openCartId !== undefined && cartCreated !== null && cartCreated !== undefined) {
    const ageMs = now.getTime() - Number(cartCreated)
    if (ageMs >= HOLD_LIMITS.cartRenewMinutes * 60_000) {
      throw tooManyRequests(
        'This selection has been held for as long as allowed: pay for it, or let it lapse and start again.',
        'holdTimeLimit',
      )
    }
  }
  if ((counts?.today ?? 0) >= HOLD_LIMITS.holdsPerDay) {
    throw tooManyRequests(
      'Too many services were held without being paid today, try again tomorrow.',
      'tooManyHoldsToday',
    )
  }
}
