import { vatIncluded } from '../money/vat'

/**
 * An order's amounts from its lines (docs/product/5-rules.md#order-bills): the one rule the
 * server's order views, the account pages and the confirmation page use, so the total shown is
 * always recomputed from the lines and never read from a column kept apart from them. Integer minor
 * units.
 *
 * total = Σ(unit price × quantity) − coupon − vouchers, where the coupon takes at most the
 * subtotal and each voucher at most what is left: never negative. It is what the payment
 * charged (or what is due at the shop), as the server priced it (server/services/pricing).
 */
export interface BillLineInput {
  readonly unitPrice: number
  readonly quantity: number
  /** VAT rate in percent; undefined: no VAT */
  readonly vatRate?: number | undefined
}

export interface BillInput {
  readonly lines: readonly BillLineInput[]
  /** the coupon's discount, minor units (0 without a coupon) */
  readonly coupon: number
  /** what each gift voucher paid, in the order they were applied */
  readonly vouchers: readonly number[]
}

export interface BillAmounts {
  /** unit price × quantity, per line */
  readonly lineTotals: readonly number[]
  /** the VAT included in each line (src/domain/money/vat.ts, rounded once per line) */
  readonly lineVat: readonly number[]
  readonly subtotal: number
  /** the coupon as applied (capped at the subtotal) */
  readonly coupon: number
  /** each voucher as applied (capped at what was left) */
  readonly vouchers: readonly number[]
  /** the VAT included in the lines */
  readonly vat: number
  readonly total: number
}

const nonNegative = (n: number) => (Number.isFinite(n) && n > 0 ? Math.trunc(n) : 0)

export function orderBill(input: BillInput): BillAmounts {
  const lineTotals = input.lines.map((l) => nonNegative(l.unitPrice) * nonNegative(l.quantity))
  const lineVat = input.lines.map((l, i) => vatIncluded(lineTotals[i] ?? 0, l.vatRate))
  const subtotal = lineTotals.reduce((sum, n) => sum + n, 0)
  const coupon = Math.min(nonNegative(input.coupon), subtotal)
  let left = subtotal - coupon
  const vouchers = input.vouchers.map((amount) => {
    const applied = Math.min(nonNegative(amount), left)
    left -= applied
    return applied
  })
  return {
    lineTotals,
    lineVat,
    subtotal,
    coupon,
    vouchers,
    vat: lineVat.reduce((sum, n) => sum + n, 0),
    total: left,
  }
}
