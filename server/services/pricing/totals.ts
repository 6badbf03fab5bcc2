/**
 * The arithmetic of a cart's total, pure (docs/product/9-constants.md#money-bounds): what the
 * coupon and each voucher may take off, so that a total is never negative and a discount never
 * above what it discounts. priceCart and applyVouchers use these; totals.test.ts checks them with
 * generated carts (fast-check).
 */

/** What the coupon takes off `subtotal`: within 0..subtotal, whatever the coupon computed. */
export function couponShare(subtotal: number, discount: number): number {
  return Math.max(0, Math.min(discount, subtotal))
}

/**
 * What one voucher pays: at most its remaining amount, what it may pay for (its service's lines,
 * or everything) and what is still due; never negative.
 */
export function voucherShare(remaining: number, base: number, due: number): number {
  return Math.max(0, Math.min(remaining, base, due))
}

export interface CartTotals {
  readonly subtotal: number
  /** coupon plus vouchers */
  readonly discount: number
  readonly total: number
}

/** Subtotal minus the coupon minus what the vouchers pay (each already a share of what was due). */
export function cartTotals(
  subtotal: number,
  couponDiscount: number,
  voucherAmounts: readonly number[],
): CartTotals {
  const coupon = couponShare(subtotal, couponDiscount)
  const paid = voucherAmounts.reduce((sum, amount) => sum + amount, 0)
  return { subtotal, discount: coupon + paid, total: subtotal - coupon - paid }
}
