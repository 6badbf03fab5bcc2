import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type * as z from 'zod/mini'
import { article } from '#contract/article.ts'
import { bookerCurrency } from '#contract/booker-commerce.ts'
import {
  type Coupon,
  type couponApplyRequest,
  type couponApplyResponse,
  coupon as couponSchema,
} from '#contract/coupon.ts'
import { unitPrice } from '#domain/catalog/unit-price.ts'
import type { Db } from '#server/db/client.ts'
import { type CompanyRow, type ContentRow, contentTables } from '#server/db/schema/index.ts'
import { notFound } from '#server/kernel/index.ts'
import { type CodeGuard, unguarded } from '../abuse/index.ts'
import { discountOf, type PricedLine } from './coupon-discount.ts'
import { checkCouponLimits } from './coupon-redemptions.ts'
import { findContent, toEntity } from './repository.ts'

type ApplyRequest = z.output<typeof couponApplyRequest>
type ApplyResponse = z.input<typeof couponApplyResponse>

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

/**
 * Prices the lines from the catalogue, never from the client (ARCHITECTURE: the server is the
 * authority on money): the shop's own price when it has one (pricesByShops), else the list
 * price, the week price swapped in by the contract. Drafts cannot be bought: 404 like unknown.
 */
export async function priceLines(
  db: Db,
  companyId: number,
  shopId: string,
  lines: ApplyRequest['lines'],
): Promise<PricedLine[]> {
  if (!(await findContent(db, companyId, 'shops', { id: shopId }))) {
    throw notFound('No such shop.')
  }
  const table = contentTables.articles
  const ids = [...new Set(lines.map((line) => line.articleId))]
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(table)
          .where(
            and(eq(table.companyId, companyId), eq(table.published, true), inArray(table.id, ids)),
          )
  const prices = new Map(
    rows.flatMap((row) => {
      const parsed = article.safeParse(toEntity(article, row))
      if (!parsed.success) return []
      return [[row.id, unitPrice(parsed.data, shopId)] as const]
    }),
  )
  return lines.map((line) => {
    const price = prices.get(line.articleId)
    if (price === undefined) throw notFound('No such article.')
    return { articleId: line.articleId, quantity: line.quantity, unitPrice: price }
  })
}

/** The company currency (booker.mCurrency, EUR by default): money travels with it. */
function currencyOf(company: CompanyRow): string {
  const booker = company.data.booker
  const raw = typeof booker === 'object' && booker !== null && 'mCurrency' in booker
  const parsed = bookerCurrency.safeParse(raw ? booker.mCurrency : undefined)
  return parsed.success ? parsed.data.code : 'EUR'
}

/**
 * POST /api/coupons/apply: unknown code 404; otherwise what the coupon takes off the cart the
 * server priced (see discountOf for the 400 cases), or 409 couponUsed when its usage limit is
 * reached (in total, or for the signed-in customer). Reads only: the use is reserved by payment
 * initialize (docs/decisions/013-coupon-limits.md).
 */
export async function applyCoupon(
  db: Db,
  company: CompanyRow,
  request: ApplyRequest,
  now: Date,
  customerId?: string,
  /** the code look-up throttle of the caller's address (decision 017) */
  guard: CodeGuard = unguarded,
): Promise<ApplyResponse> {
  const found = await guard('coupon', () => findCouponByCode(db, company.id, request.code))
  if (!found) throw notFound('Unknown coupon.')
  const lines = await priceLines(db, company.id, request.shopId, request.lines)
  const { discount, total } = discountOf(found.coupon, lines, now)
  await checkCouponLimits(db, company.id, found.coupon, customerId, now, { redeeming: false })
  const currency = currencyOf(company)
  return {
    coupon: toEntity(couponSchema, found.row),
    discount: { amount: discount, currency },
    total: { amount: total, currency },
  }
}
