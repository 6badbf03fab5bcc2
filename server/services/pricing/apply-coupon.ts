import type * as z from 'zod/mini'
import { bookerCurrency } from '#contract/booker-commerce.ts'
import {
  type couponApplyRequest,
  type couponApplyResponse,
  coupon as couponSchema,
} from '#contract/coupon.ts'
import type { Db } from '#server/db/client.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { notFound } from '#server/kernel/index.ts'
import { type CodeGuard, unguarded } from '../abuse/index.ts'
import { checkCouponLimits, findCouponByCode, toEntity } from '../content/index.ts'
import { discountOf } from './coupon-discount.ts'
import { priceLines } from './lines.ts'

type ApplyRequest = z.output<typeof couponApplyRequest>
type ApplyResponse = z.input<typeof couponApplyResponse>

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
