import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { macMatches, moneticoDate, moneticoMac, sealedData, usableKey } from './monetico-mac.ts'

describe('Monetico seals (version 3.0)', () => {
  it('turns the back-office key into its operational form as the kits do', () => {
    const plain = '0123456789abcdef0123456789abcdef01234567'
    expect(usableKey(plain).toString('hex')).toBe(plain)
    // a last character outside hexadecimal ('G'..'`') encodes a digit: 'P' is 80 - 23 = '9'
    expect(usableKey(`${plain.slice(0, 38)}P0`).toString('hex')).toBe(`${plain.slice(0, 38)}90`)
    // 'M' in the last place stands for '0'
    expect(usableKey(`${plain.slice(0, 38)}4M`).toString('hex')).toBe(`${plain.slice(0, 38)}40`)
    expect(usableKey(plain)).toHaveLength(20)
  })

  it('seals every field but MAC, sorted by name, name=value joined with *', () => {
    const fields = { version: '3.0', TPE: '1234567', montant: '42.00EUR', MAC: 'ignored' }
    expect(sealedData(fields)).toBe('TPE=1234567*montant=42.00EUR*version=3.0')
    const key = '0123456789abcdef0123456789abcdef01234567'
    const expected = createHmac('sha1', Buffer.from(key, 'hex'))
      .update('TPE=1234567*montant=42.00EUR*version=3.0')
      .digest('hex')
    expect(moneticoMac(key, fields)).toBe(expected)
    expect(macMatches(key, { ...fields, MAC: expected.toUpperCase() })).toBe(true)
    expect(macMatches(key, { ...fields, montant: '1.00EUR', MAC: expected })).toBe(false)
    expect(macMatches(key, { ...fields, MAC: 'not hex' })).toBe(false)
  })

  it('dates the form in French local time', () => {
    expect(moneticoDate(new Date('2026-07-14T10:05:09Z'))).toBe('14/07/2026:12:05:09')
    expect(moneticoDate(new Date('2026-01-02T23:30:00Z'))).toBe('03/01/2026:00:30:00')
  })
})
