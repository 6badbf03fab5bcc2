import { DEFAULT_CURRENCY, DEFAULT_CURRENCY_FORMAT } from '#contract/constants'
import { amountDigits } from './amount-digits'
import { normalizePrecision } from './minor-units'

/**
 * Money display (docs/product/3-entities.md mCurrency, mCurrencyFormat; docs/product/9-constants.md EUR, €, precision 2, '#!').
 *
 * Input is an integer amount in minor units (cents), the project's money convention.
 *
 * Format tokens of mCurrencyFormat:
 *   '#'  the amount, with the locale's grouping and decimal separators ('1 234,50' in fr)
 *   '!'  the currency symbol (the code when there is no symbol)
 *   '@'  the ISO currency code ('EUR')
 *   anything else is copied literally.
 * When the amount and a currency token touch, a no-break space (U+00A0) joins them: '#!' gives
 * '12,50 €' and '!#' gives 'CHF 12.50'; a symbol-first sign that is not a letter stays glued, as
 * usual in print ('€12.50', '$12.50'). Explicit characters in the format ('# !') are kept as is.
 * A format without '#' is unusable and the default '#!' is used. Negative amounts get a leading
 * '-' before the whole ('-12,50 €').
 */

/** company.booker's currency fields, so the booker itself can be passed. */
export interface MoneySettingsLike {
  mCurrency?:
    | {
        symbol?: string | null | undefined
        code?: string | null | undefined
        /** minor-unit digits, default 2 */
        precision?: number | null | undefined
      }
    | null
    | undefined
  mCurrencyFormat?: string | null | undefined
}

export const NBSP = '\u00a0'

const formatters = new Map<string, Intl.NumberFormat>()

function amountFormatter(locale: string, precision: number): Intl.NumberFormat {
  const key = `${locale}|${precision}`
  let formatter = formatters.get(key)
  if (!formatter) {
    const options = { minimumFractionDigits: precision, maximumFractionDigits: precision }
    try {
      formatter = new Intl.NumberFormat(locale, options)
    } catch {
      // A malformed locale tag must not break a price display: French is the base language.
      formatter = new Intl.NumberFormat('fr', options)
    }
    formatters.set(key, formatter)
  }
  return formatter
}

const isCurrencyToken = (token: string | undefined) => token === '!' || token === '@'

/** Expands the tokens, adding the no-break space where the amount and a currency touch. */
function render(format: string, values: { amount: string; symbol: string; code: string }): string {
  const tokens = [...format]
  let out = ''
  tokens.forEach((token, i) => {
    const previous = tokens[i - 1]
    if (isCurrencyToken(token) && previous === '#') out += NBSP
    if (token === '#' && isCurrencyToken(previous) && /\p{L}$/u.test(out)) out += NBSP
    out +=
      token === '#'
        ? values.amount
        : token === '!'
          ? values.symbol
          : token === '@'
            ? values.code
            : token
  })
  return out
}

export function formatMoney(
  minorUnits: number,
  locale: string,
  settings: MoneySettingsLike = {},
): string {
  const currency = settings.mCurrency
  const precision = normalizePrecision(currency?.precision)
  const minor = Number.isFinite(minorUnits) ? Math.round(minorUnits) : 0
  // The five languages are written from the integer (amount-digits.ts). For other tags, dividing
  // an integer by 10^p gives the double nearest the exact decimal, which Intl then prints exactly
  // at p fraction digits: no drift can reach the displayed digits.
  const amount =
    amountDigits(Math.abs(minor), precision, locale) ??
    amountFormatter(locale, precision).format(Math.abs(minor) / 10 ** precision)
  const ownCode = currency?.code?.trim()
  const code = ownCode || DEFAULT_CURRENCY.code
  const symbol = currency?.symbol?.trim() || ownCode || DEFAULT_CURRENCY.symbol
  const format = settings.mCurrencyFormat?.includes('#')
    ? settings.mCurrencyFormat
    : DEFAULT_CURRENCY_FORMAT
  const text = render(format, { amount, symbol, code })
  return minor < 0 ? `-${text}` : text
}
