import { describe, expect, it } from 'vitest'
import { formatMoney, NBSP } from './format-money'

const EUR = { mCurrency: { symbol: '€', code: 'EUR' } }
/** Shows no-break and narrow no-break spaces as '_' so expectations stay readable. */
const shown = (text: string) => text.replace(/[\u00a0\u202f]/g, '_')

describe('money formatting (docs/product/3-entities.md mCurrency/mCurrencyFormat, docs/product/9-constants.md EUR € precision 2 #!)', () => {
  it('defaults to EUR, €, precision 2 and amount then symbol', () => {
    expect(formatMoney(1250, 'fr')).toBe(`12,50${NBSP}€`)
    expect(shown(formatMoney(1250, 'fr', EUR))).toBe('12,50_€')
  })

  it('uses the locale for decimal and grouping separators', () => {
    expect(shown(formatMoney(123450, 'fr', EUR))).toBe('1_234,50_€')
    expect(shown(formatMoney(123450, 'en', EUR))).toBe('1,234.50_€')
    expect(shown(formatMoney(123450, 'de', EUR))).toBe('1.234,50_€')
  })

  it('!# puts the symbol first, glued when it is a sign, spaced when it is letters', () => {
    expect(formatMoney(1250, 'en', { ...EUR, mCurrencyFormat: '!#' })).toBe('€12.50')
    const chf = { mCurrency: { symbol: 'CHF', code: 'CHF' }, mCurrencyFormat: '!#' }
    expect(shown(formatMoney(1250, 'de', chf))).toBe('CHF_12,50')
  })

  it('@ is the ISO code; other characters are literal', () => {
    expect(shown(formatMoney(1250, 'fr', { ...EUR, mCurrencyFormat: '#@' }))).toBe('12,50_EUR')
    expect(formatMoney(1250, 'fr', { ...EUR, mCurrencyFormat: '# !' })).toBe('12,50 €')
    expect(formatMoney(1250, 'en', { ...EUR, mCurrencyFormat: '(!) #' })).toBe('(€) 12.50')
  })

  it('precision decides the fraction digits', () => {
    expect(shown(formatMoney(1250, 'fr', { mCurrency: { ...EUR.mCurrency, precision: 0 } }))).toBe(
      '1_250_€',
    )
    expect(shown(formatMoney(1235, 'fr', { mCurrency: { ...EUR.mCurrency, precision: 3 } }))).toBe(
      '1,235_€',
    )
    expect(shown(formatMoney(5, 'fr', EUR))).toBe('0,05_€')
  })

  it('bad settings fall back to the defaults', () => {
    const broken = { mCurrency: null, mCurrencyFormat: 'xyz' }
    expect(shown(formatMoney(1250, 'fr', broken))).toBe('12,50_€')
    expect(shown(formatMoney(1250, 'fr', { mCurrency: { code: 'CHF' } }))).toBe('12,50_CHF')
    expect(shown(formatMoney(1250, 'fr', { mCurrency: { precision: -1 } }))).toBe('12,50_€')
    expect(shown(formatMoney(1250, 'not a locale!', EUR))).toBe('12,50_€')
  })

  it('negative amounts lead with a minus; non-integers are rounded; NaN is 0', () => {
    expect(shown(formatMoney(-1250, 'fr', EUR))).toBe('-12,50_€')
    expect(formatMoney(-1250, 'en', { ...EUR, mCurrencyFormat: '!#' })).toBe('-€12.50')
    expect(shown(formatMoney(1249.6, 'fr', EUR))).toBe('12,50_€')
    expect(shown(formatMoney(Number.NaN, 'fr', EUR))).toBe('0,00_€')
    expect(shown(formatMoney(-0.4, 'fr', EUR))).toBe('0,00_€')
  })

  it('large amounts stay exact to the cent', () => {
    expect(shown(formatMoney(123456789012, 'fr', EUR))).toBe('1_234_567_890,12_€')
    expect(shown(formatMoney(100000000001, 'en', EUR))).toBe('1,000,000,000.01_€')
  })
})
