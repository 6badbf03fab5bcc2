import { MAX_MINOR_AMOUNT } from '#domain/money/bounds.ts'
import type { Db } from '#server/db/client.ts'
import { badRequest } from '#server/kernel/index.ts'
import type { CodeGuard } from '../abuse/index.ts'
import { type AppliedCoupon, couponFor } from './coupon.ts'
import type { ChargedLine } from './lines.ts'
import { cartTotals, couponShare } from './totals.ts'
import { type AppliedVoucher, applyVouchers } from './vouchers.ts'

/** A cart as the server charges it, minor units. */
export interface PricedCart {
  readonly lines: readonly ChargedLine[]
  readonly subtotal: number
  readonly coupon: AppliedCoupon | undefined
  readonly vouchers: readonly AppliedVoucher[]
  /** coupon plus vouchers */
  readonly discount: number
  /** what the provider charges */
  readonly total: number
}

export interface PriceOptions {
  readonly couponCode?: string | undefined
  readonly giftCodes?: readonly string[]
  readonly now: Date
  /** throttles the coupon and voucher code look-ups per client address (decision 017) */
  readonly guard?: CodeGuard | undefined
}

/** Subtotal from the catalogue lines, minus the coupon, minus what gift vouchers pay. */
export async function priceCart(
  db: Db,
  companyId: number,
  lines: readonly ChargedLine[],
  options: PriceOptions,
): Promise<PricedCart> {
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0)
  // docs/product/9-constants.md#money-bounds: nothing above the money bound is ever written (int4
  // columns), 400 before any write
  if (lines.some((line) => line.total > MAX_MINOR_AMOUNT) || subtotal > MAX_MINOR_AMOUNT) {
    throw badRequest(
      `Invalid request: an order is at most ${MAX_MINOR_AMOUNT} minor units.`,
      'amountTooLarge',
    )
  }
  const found = await couponFor(
    db,
    companyId,
    options.couponCode,
    lines,
    options.now,
    options.guard,
  )
  // never more off than the subtotal (totals.ts), and the order keeps the same figure
  const coupon = found && { ...found, discount: couponShare(subtotal, found.discount) }
  const afterCoupon = subtotal - (coupon?.discount ?? 0)
  const vouchers = await applyVouchers(
    db,
    companyId,
    options.giftCodes ?? [],
    lines,
    afterCoupon,
    options.now,
    options.guard,
  )
  const totals = cartTotals(
    subtotal,
    coupon?.discount ?? 0,
    vouchers.map((v) => v.amount),
  )
  return { lines, coupon, vouchers, ...totals }
}

/** The pricing as stored in carts.data (the order lines keep their VAT). */
export function pricingRecord(priced: PricedCart): Record<string, unknown> {
  return {
    lines: priced.lines.map((line) => ({
      articleId: line.articleId,
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      total: line.total,
      vatRate: line.vatRate ?? null,
      vatAmount: line.vatAmount,
    })),
    coupon: priced.coupon ?? null,
    vouchers: priced.vouchers,
  }
}
