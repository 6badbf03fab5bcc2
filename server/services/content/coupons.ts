import { and, asc, eq, sql } from 'drizzle-orm'
import { type Coupon, coupon as couponSchema } from '#contract/coupon.ts'
import type { Db } from '#server/db/client.ts'
import { type ContentRow, contentTables } from '#server/db/schema/index.ts'
import { toEntity } from './repository.ts'

/**
 * The coupon of a code, compared case-insensitively (customers type codes as they remember
 * them). Rows that no longer parse are skipped: a broken coupon is as good as unknown.
 */
export async function findCouponByCode(
  db: Db,
  companyId: number,
  code: string,
): Promise<{ row: ContentRow; coupon: Coupon } | undefined> {
  const table = contentTables.coupons
  const rows = await db
    .select()
    .from(table)
    .where(
      and(
        eq(table.companyId, companyId),
        sql`lower(${table.data}->>'code') = ${code.trim().toLowerCase()}`,
      ),
    )
    .orderBy(asc(table.id))
  for (const row of rows) {
    const parsed = couponSchema.safeParse(toEntity(couponSchema, row))
    if (parsed.success) return { row, coupon: parsed.data }
  }
  return undefined
}
