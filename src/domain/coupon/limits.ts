/**
 * Coupon usage limits (docs/decisions/013-coupon-limits.md). A limit absent means
 * unlimited. Uses are the coupon's live redemptions (used, or reserved by a cart that can still
 * be paid), the cart being priced left out. Pure: the server counts, this decides.
 */
export interface CouponLimits {
  readonly maxUses?: number | undefined
  readonly maxUsesPerCustomer?: number | undefined
}

export interface CouponUses {
  /** live uses of the coupon by every cart */
  readonly total: number
  /** live uses by the signed-in customer; undefined for a visitor */
  readonly byCustomer: number | undefined
}

/** couponUsed: a limit is reached; couponSignIn: a per-customer limit needs a signed-in customer. */
export type CouponLimitRefusal = 'couponUsed' | 'couponSignIn'

/**
 * Why one more use is refused, or undefined when it is allowed. `redeeming` is true when the
 * use is taken (payment initialize) and false for a preview (POST /api/coupons/apply): a visitor
 * may preview a per-customer-limited coupon, since taking it requires signing in anyway.
 */
export function couponLimitRefusal(
  limits: CouponLimits,
  uses: CouponUses,
  redeeming: boolean,
): CouponLimitRefusal | undefined {
  if (limits.maxUses !== undefined && uses.total >= limits.maxUses) return 'couponUsed'
  if (limits.maxUsesPerCustomer === undefined) return undefined
  if (uses.byCustomer === undefined) return redeeming ? 'couponSignIn' : undefined
  return uses.byCustomer >= limits.maxUsesPerCustomer ? 'couponUsed' : undefined
}

/** Whether a coupon has any limit, so that its uses need counting at all. */
export const isLimited = (limits: CouponLimits): boolean =>
  limits.maxUses !== undefined || limits.maxUsesPerCustomer !== undefined
