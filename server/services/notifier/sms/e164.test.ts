import { describe, expect, it } from 'vitest'
import { toE164, vonageNumber } from './e164.ts'

describe('SMS numbers', () => {
  it('keeps E.164 and reads the forms phones are written in', () => {
    expect(toE164('+33612345678')).toBe('+33612345678')
    expect(toE164(' +33 6 12 34 56 78 ')).toBe('+33612345678')
    expect(toE164('0033612345678')).toBe('+33612345678')
    // a national number takes the storefront's default country, as registration does
    expect(toE164('06.12.34.56.78')).toBe('+33612345678')
    expect(toE164('+1 (415) 555-0100')).toBe('+14155550100')
  })

  it('refuses what cannot be a number', () => {
    for (const raw of ['', 'abc', '+0612345678', '+3361234567890123', '12', '+33 6x12345678']) {
      expect(toE164(raw)).toBeUndefined()
    }
  })

  it('gives Vonage the digits only', () => {
    expect(vonageNumber('+33612345678')).toBe('33612345678')
  })
})
