import { describe, expect, it } from 'vitest'
import { formatClockTime, parseClockTime } from './clock-time'

describe('clock times of opening hours (docs/product/3-entities.md Shop.openingHours)', () => {
  it('parses HH:MM into minutes since midnight', () => {
    expect(parseClockTime('00:00')).toBe(0)
    expect(parseClockTime('09:30')).toBe(570)
    expect(parseClockTime('9:05')).toBe(545)
    expect(parseClockTime(' 18:45 ')).toBe(1125)
    expect(parseClockTime('24:00')).toBe(1440)
  })

  it('rejects malformed or out-of-range times', () => {
    for (const bad of ['', '9h30', '12:60', '25:00', '24:01', '12:5', 'ab:cd', null, undefined]) {
      expect(parseClockTime(bad)).toBeNull()
    }
  })

  it('formats minutes back to HH:MM', () => {
    expect(formatClockTime(0)).toBe('00:00')
    expect(formatClockTime(570)).toBe('09:30')
    expect(formatClockTime(1440)).toBe('24:00')
  })
})
