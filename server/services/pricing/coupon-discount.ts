import type { Coupon } from '#contract/coupon.ts'
import { badRequest, Refusal } from '#server/kernel/index.ts'

/** A cart line priced by the server (minor units): never a price the client sent. */
export interface PricedLine {
  readonly articleId: string
  readonly quantity: number
  readonly unitPrice: number
}

export interface Discounted {
  /** what the coupon takes off, minor units */
  readonly discount: number
  /** the cart total after the discount, minor units */
  readonly total: number
}

const notApplicable = (message: string) => badRequest(message, 'couponNotApplicable')

/**
 * What a coupon takes off a cart (docs/product/3-entities.md Coupon), or why it does not apply:
 * - inactive, not started or ended: 400 `couponExpired` (the code exists, it just is not valid now);
 * - cart total under minAmount, or no line among its serviceIds (empty: every article):
 *   400 `couponNotApplicable`;
 * - a percentage applies to the eligible lines, rounded to the nearest minor unit; an amount is
 *   capped by the eligible lines, so a total never goes below zero.
 */
export function discountOf(coupon: Coupon, lines: readonly PricedLine[], now: Date): Discounted {
  const at = now.getTime()
  const started = coupon.start === undefined || Date.parse(coupon.start) <= at
  const notEnded = coupon.end === undefined || at <= Date.parse(coupon.end)
  if (!coupon.active || !started || !notEnded) {
    throw new Refusal(400, 'couponExpired', 'This coupon is not valid at this time.')
  }
  const cartTotal = sum(lines)
  if (cartTotal < coupon.minAmount)
    throw notApplicable('The cart total is below the coupon minimum.')
  const eligible = lines.filter(
    (line) => coupon.serviceIds.length === 0 || coupon.serviceIds.includes(line.articleId),
  )
  if (eligible.length === 0) throw notApplicable('The coupon applies to none of these articles.')
  const base = sum(eligible)
  const discount =
    coupon.reductionType === 'percentage'
      ? Math.round((base * coupon.amount) / 100)
      : Math.min(coupon.amount, base)
  return { discount, total: cartTotal - discount }
}

/** Sums stay exact integers; a cart beyond that is refused rather than priced wrong. */
function sum(lines: readonly PricedLine[]): number {
  const total = lines.reduce((acc, line) => acc + line.unitPrice * line.quantity, 0)
  if (!Number.isSafeInteger(total)) throw badRequest('The cart is too large.', 'invalidInput')
  return total
}
