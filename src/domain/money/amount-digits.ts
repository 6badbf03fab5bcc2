/**
 * An amount's digits in the storefront's five languages, written from the integer in minor units
 * instead of through Intl.NumberFormat. A page's first Intl formatter costs Chromium 40-100 ms of
 * main thread (its number data is loaded then), the longest task a gift or cart page ran on a
 * first visit (docs/decisions/065-first-visit-blocking-time.md). The separators are CLDR's, as
 * Intl prints them: amount-digits.test.ts compares both over generated amounts. Any other locale
 * tag answers undefined and the caller asks Intl.
 */
interface Separators {
  readonly group: string
  readonly decimal: string
  /** the fewest digits before the first group (Spanish and Italian group from 10 000 only) */
  readonly minGrouping: number
}

const SEPARATORS: Readonly<Record<string, Separators>> = {
  fr: { group: '\u202f', decimal: ',', minGrouping: 1 },
  en: { group: ',', decimal: '.', minGrouping: 1 },
  de: { group: '.', decimal: ',', minGrouping: 1 },
  es: { group: '.', decimal: ',', minGrouping: 2 },
  it: { group: '.', decimal: ',', minGrouping: 2 },
}

/** `minor` (a non-negative safe integer) at `precision` fraction digits, or undefined. */
export function amountDigits(minor: number, precision: number, locale: string): string | undefined {
  const separators = SEPARATORS[locale]
  if (!separators || !Number.isSafeInteger(minor) || minor < 0) return undefined
  const scale = 10 ** precision
  const whole = String(Math.floor(minor / scale))
  const fraction = String(minor % scale).padStart(precision, '0')
  const grouped =
    whole.length >= 4 + separators.minGrouping - 1
      ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, separators.group)
      : whole
  return precision > 0 ? `${grouped}${separators.decimal}${fraction}` : grouped
}
