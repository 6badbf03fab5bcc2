/** Rates are kept to a thousandth of a percent (5.5 %, 2.1 %, 8.125 %), as integers. */
const RATE_SCALE = 1000

/**
 * The VAT included in a price incl. tax (docs/decisions/011-price-rule.md): a line's
 * total × rate / (100 + rate), rounded once per line, half up to the minor unit. Server (payment
 * lines, orders) and screens use this one function with the article's own rate, so no screen
 * can show a VAT the server did not compute. No rate, or 0 %: no VAT. The division is done on
 * integers (the rate scaled to thousandths), so 5.5 % rounds like 20 %: no float can tip a half.
 */
export function vatIncluded(total: number, rate: number | undefined): number {
  if (rate === undefined || rate === 0 || total === 0) return 0
  const scaled = Math.round(rate * RATE_SCALE)
  const numerator = Math.abs(total) * scaled
  const denominator = 100 * RATE_SCALE + scaled
  const vat = Math.floor((2 * numerator + denominator) / (2 * denominator))
  // a refund line (negative total) carries the mirror of the same VAT
  return total < 0 ? -vat : vat
}

/** An article's VAT rate: its back-office rate (booker.vat) wins over the catalogue's `vat`. */
export function vatRateOf(article: {
  readonly vat?: number | undefined
  readonly booker: { readonly vat?: number | undefined }
}): number | undefined {
  return article.booker.vat ?? article.vat
}
