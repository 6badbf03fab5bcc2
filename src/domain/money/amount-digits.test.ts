import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { amountDigits } from './amount-digits'

const LOCALES = ['fr', 'en', 'de', 'es', 'it'] as const

describe('amountDigits', () => {
  it('prints what Intl.NumberFormat prints, in every language, at every precision', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.integer({ min: 0, max: 3 }),
        fc.oneof(
          fc.integer({ min: 0, max: 10_000_000 }),
          fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        ),
        (locale, precision, minor) => {
          // below 2^53 / 10^p the division is exact enough for Intl to print the true digits
          fc.pre(minor <= Number.MAX_SAFE_INTEGER / 10 ** precision)
          const intl = new Intl.NumberFormat(locale, {
            minimumFractionDigits: precision,
            maximumFractionDigits: precision,
          }).format(minor / 10 ** precision)
          expect(amountDigits(minor, precision, locale)).toBe(intl)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('groups at the edges of each language: Spanish and Italian from five digits', () => {
    expect(amountDigits(123_456, 2, 'fr')).toBe('1\u202f234,56')
    expect(amountDigits(123_456, 2, 'es')).toBe('1234,56')
    expect(amountDigits(1_234_567, 2, 'es')).toBe('12.345,67')
    expect(amountDigits(100_000, 0, 'en')).toBe('100,000')
    expect(amountDigits(5, 2, 'de')).toBe('0,05')
    expect(amountDigits(100_000, 2, 'it')).toBe('1000,00')
  })

  it('leaves other tags and unsafe numbers to Intl', () => {
    expect(amountDigits(100, 2, 'de-CH')).toBeUndefined()
    expect(amountDigits(-1, 2, 'fr')).toBeUndefined()
    expect(amountDigits(2 ** 60, 2, 'fr')).toBeUndefined()
  })
})
