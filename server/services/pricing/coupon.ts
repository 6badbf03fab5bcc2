import { coupon as couponSchema } from '#contract/coupon.ts'
import type { Db } from '#server/db/client.ts'
import { notFound } from '#server/kernel/index.ts'
import { type CodeGuard, unguarded } from '../abuse/index.ts'
import { checkCouponLimits, findCouponByCode, listContent, toEntity } from '../content/index.ts'
import { discountOf, type PricedLine } from './coupon-discount.ts'

export interface AppliedCoupon {
  /** the coupon row's id: initialize reserves a use of it (coupon_redemptions) */
  readonly couponId: string
  readonly code: string
  readonly discount: number
}

/**
 * The coupon taken off lines the server priced, with the coupon service's rules (discountOf:
 * expired 400 couponExpired, not applicable 400 couponNotApplicable; an unknown code 404).
 * Without a code, the automatic coupon that takes the most off applies, if any does: an
 * automatic coupon applies without being handed out (contract coupon.automatic); one whose total
 * limit is reached is skipped. Limits are enforced when initialize reserves the use
 * (coupon-redemptions.ts, docs/decisions/013-coupon-limits.md).
 */
export async function couponFor(
  db: Db,
  companyId: number,
  code: string | undefined,
  lines: readonly PricedLine[],
  now: Date,
  guard: CodeGuard = unguarded,
): Promise<AppliedCoupon | undefined> {
  if (lines.length === 0) return undefined
  if (code !== undefined && code.trim() !== '') {
    const found = await guard('coupon', () => findCouponByCode(db, companyId, code))
    if (!found) throw notFound('Unknown coupon.')
    const { discount } = discountOf(found.coupon, lines, now)
    return { couponId: found.coupon.id, code: found.coupon.code ?? code, discount }
  }
  let best: AppliedCoupon | undefined
  for (const row of await listContent(db, companyId, 'coupons')) {
    if (row.data.automatic !== true) continue
    const parsed = couponSchema.safeParse(toEntity(couponSchema, row))
    if (!parsed.success || parsed.data.code === undefined) continue
    try {
      const { discount } = discountOf(parsed.data, lines, now)
      if (discount <= (best?.discount ?? 0)) continue
      await checkCouponLimits(db, companyId, parsed.data, undefined, now, { redeeming: false })
      best = { couponId: parsed.data.id, code: parsed.data.code, discount }
    } catch {
      // An automatic coupon that does not apply to this cart is simply not applied.
    }
  }
  return best
}
