import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseWeekPrice, priceText, weekPriceText } from './price-fields'

describe('the week price field (decision 092)', () => {
  it('is optional: empty or blank means no week price', () => {
    expect(parseWeekPrice('')).toEqual({ ok: true, minor: undefined })
    expect(parseWeekPrice('   ')).toEqual({ ok: true, minor: undefined })
    expect(weekPriceText(undefined)).toBe('')
  })

  it('gives back every stored amount through the field', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_99 }), (minor) => {
        expect(parseWeekPrice(weekPriceText(minor))).toEqual({ ok: true, minor })
        expect(weekPriceText(minor)).toBe(priceText(minor))
      }),
    )
  })

  it('refuses anything that is not an amount', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => s.trim() !== '' && !/^\s*\d{1,7}([.,]\d{1,2})?\s*$/.test(s)),
        (text) => {
          expect(parseWeekPrice(text)).toEqual({ ok: false })
        },
      ),
    )
  })
})
