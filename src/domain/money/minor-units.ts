import { DEFAULT_CURRENCY } from '#contract/constants'

/**
 * Money convention of the whole project (src/contract/common.ts, MONEY): every amount is an
 * integer number of minor units (cents for EUR; `prices` 1250 is 12,50 €), so every sum is an
 * integer sum and never drifts like 0.1 + 0.2. These helpers are for the edges only: reading a
 * decimal typed by a person or a legacy source, and handing decimals to a payment SDK or analytics.
 */

/** A precision outside 0..6 or not an integer is a data error; fall back to the default. */
export function normalizePrecision(precision: number | null | undefined): number {
  return typeof precision === 'number' &&
    Number.isInteger(precision) &&
    precision >= 0 &&
    precision <= 6
    ? precision
    : DEFAULT_CURRENCY.precision
}

/**
 * Decimal amount -> integer minor units, rounding half away from zero.
 * Scaling through the decimal exponent (not `amount * 100`) keeps 1.005 at 101 cents instead of
 * the 100 that binary floating point would give. Non-finite input is 0: a price we cannot read
 * must not poison a total with NaN.
 */
export function toMinorUnits(amount: number, precision?: number): number {
  if (!Number.isFinite(amount)) return 0
  const p = normalizePrecision(precision)
  const text = String(Math.abs(amount))
  const scaled = text.includes('e') ? Math.abs(amount) * 10 ** p : Number(`${text}e${p}`)
  const minor = Math.round(scaled)
  return amount < 0 && minor !== 0 ? -minor : minor
}

/** Integer minor units -> decimal amount, for the few places (payment SDKs) that want decimals. */
export function fromMinorUnits(minor: number, precision?: number): number {
  const p = normalizePrecision(precision)
  return Math.round(minor) / 10 ** p
}

/**
 * Integer minor units -> exact decimal text ('12.50'), what PayPal's SDK and purchase events take.
 * Built from integers, so no float rounding can reach the digits.
 */
export function toDecimalString(minor: number, precision?: number): string {
  const p = normalizePrecision(precision)
  const whole = Number.isFinite(minor) ? Math.round(minor) : 0
  const digits = String(Math.abs(whole)).padStart(p + 1, '0')
  const units = digits.slice(0, digits.length - p)
  const fraction = p > 0 ? `.${digits.slice(digits.length - p)}` : ''
  return `${whole < 0 ? '-' : ''}${units}${fraction}`
}
