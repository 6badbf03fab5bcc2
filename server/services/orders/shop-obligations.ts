import { and, count, eq, gt, inArray, lt, or } from 'drizzle-orm'
import type { ShopObligations } from '#domain/shops/shop-removal.ts'
import type { Db } from '#server/db/client.ts'
import { appointments, bookingOrders, shops } from '#server/db/schema/index.ts'

/** Orders a customer still owes on once their visit is booked, done or under way. */
const BILLED = ['confirmed', 'arrived', 'completed'] as const

/**
 * What keeps a shop (docs/decisions/094-shop-lifecycle.md): the company's shop count, the visits
 * still expected there (confirmed, or held and not lapsed, and not started) and the orders of
 * visits there that still owe money. The rule deciding is `shopRemovalVerdict`.
 */
export async function shopObligations(
  db: Db,
  companyId: number,
  shopId: string,
  now: Date,
): Promise<ShopObligations> {
  const [shopRow] = await db
    .select({ n: count() })
    .from(shops)
    .where(eq(shops.companyId, companyId))
  const [visits] = await db
    .select({ n: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, companyId),
        eq(appointments.shopId, shopId),
        gt(appointments.startsAt, now),
        or(
          eq(appointments.status, 'confirmed'),
          and(eq(appointments.status, 'hold'), gt(appointments.expiresAt, now)),
        ),
      ),
    )
  const [bills] = await db
    .select({ n: count() })
    .from(bookingOrders)
    .where(
      and(
        eq(bookingOrders.companyId, companyId),
        eq(bookingOrders.shopId, shopId),
        inArray(bookingOrders.status, [...BILLED]),
        lt(bookingOrders.paidCents, bookingOrders.totalCents),
      ),
    )
  return {
    shopCount: shopRow?.n ?? 0,
    futureVisits: visits?.n ?? 0,
    unpaidBills: bills?.n ?? 0,
  }
}
