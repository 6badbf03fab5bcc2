import { and, asc, count, eq, gt, gte, lt, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { bookingOrders, carts, gifts } from '#server/db/schema/index.ts'

export interface Period {
  /** calendar days 'YYYY-MM-DD', both included (UTC days) */
  readonly start: string
  readonly end: string
}

const bounds = (period: Period) => ({
  from: new Date(`${period.start}T00:00:00Z`),
  until: new Date(Date.parse(`${period.end}T00:00:00Z`) + 86_400_000),
})

/**
 * GET /bookingShops/payment: per shop, how many booking orders ordered in the period were paid
 * and how much they hold now (paid_cents, net of refunds), in shop id order.
 */
export async function bookingShopsPayment(
  db: Db,
  companyId: number,
  period: Period,
  currency: string,
) {
  const { from, until } = bounds(period)
  const rows = await db
    .select({
      shopId: bookingOrders.shopId,
      n: count(),
      total: sql<number>`sum(${bookingOrders.paidCents})::int`,
    })
    .from(bookingOrders)
    .where(
      and(
        eq(bookingOrders.companyId, companyId),
        gt(bookingOrders.paidCents, 0),
        gte(bookingOrders.createdAt, from),
        lt(bookingOrders.createdAt, until),
      ),
    )
    .groupBy(bookingOrders.shopId)
    .orderBy(asc(bookingOrders.shopId))
  return rows.map((r) => ({ shopId: r.shopId, count: r.n, total: { amount: r.total, currency } }))
}

/** GET /giftShops/payment: per selling shop, the vouchers paid in the period and their amounts. */
export async function giftShopsPayment(
  db: Db,
  companyId: number,
  period: Period,
  currency: string,
) {
  const { from, until } = bounds(period)
  const shop = sql<string>`coalesce(${gifts.shopId}, ${carts.shopId}, 'unknown')`
  const rows = await db
    .select({ shopId: shop, n: count(), total: sql<number>`sum(${gifts.amountCents})::int` })
    .from(gifts)
    .leftJoin(carts, and(eq(carts.companyId, gifts.companyId), eq(carts.id, gifts.cartId)))
    .where(
      and(
        eq(gifts.companyId, companyId),
        eq(gifts.status, 'active'),
        gte(gifts.createdAt, from),
        lt(gifts.createdAt, until),
      ),
    )
    .groupBy(shop)
    .orderBy(shop)
  return rows.map((r) => ({ shopId: r.shopId, count: r.n, total: { amount: r.total, currency } }))
}
