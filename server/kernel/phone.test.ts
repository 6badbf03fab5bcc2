import { describe, expect, it } from 'vitest'
import { normalizePhone } from './phone.ts'

describe('normalizePhone (E.164)', () => {
  it('reads international, 00-prefixed and national numbers', () => {
    for (const raw of [
      '+33612345678',
      '+33 6 12 34 56 78',
      '0033 6.12.34.56.78',
      '06-12-34-56-78',
    ]) {
      expect(normalizePhone(raw)).toBe('+33612345678')
    }
    expect(normalizePhone('079 123 45 67', 'CH')).toBe('+41791234567')
    expect(normalizePhone('(0)6 12 34 56 78', 'fr')).toBe('+33612345678')
  })

  it('refuses what is no phone number', () => {
    for (const raw of ['000000', '+0612345678', '12', 'abc', '+1234567890123456']) {
      expect(normalizePhone(raw)).toBeUndefined()
    }
    // a national number of a country whose calling code is unknown here
    expect(normalizePhone('0612345678', 'ZZ')).toBeUndefined()
  })
})
