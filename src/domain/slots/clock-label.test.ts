import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { WEEKDAYS } from '#contract/opening-hours'
import { clockLabel, clockTextLabel, weekdayLabel } from './clock-label'
import { formatClockTime } from './clock-time'

const TWENTY_FOUR_HOURS = ['fr-FR', 'en-GB', 'de-DE', 'es-ES', 'it-IT']
const minute = fc.integer({ min: 0, max: 24 * 60 - 1 })

describe('times and weekdays for people, through Intl (docs/product/1-overview.md)', () => {
  it('writes every minute of the day as the 24-hour locales do: HH:MM', () => {
    fc.assert(
      fc.property(minute, fc.constantFrom(...TWENTY_FOUR_HOURS), (m, locale) => {
        expect(clockLabel(m, locale)).toBe(formatClockTime(m))
      }),
    )
  })

  it('writes a 12-hour clock where the locale has one, and reads back to the same minute', () => {
    fc.assert(
      fc.property(minute, (m) => {
        const match = /^(\d{2}):(\d{2})\s(AM|PM)$/i.exec(
          clockLabel(m, 'en-US').replace(/\u202f/g, ' '),
        )
        expect(match).not.toBeNull()
        const [, h, mm, half] = match ?? []
        expect(((Number(h) % 12) + (half?.toUpperCase() === 'PM' ? 12 : 0)) * 60 + Number(mm)).toBe(
          m,
        )
      }),
    )
  })

  it('shows the end of the day as midnight and keeps what is not a time', () => {
    expect(clockLabel(1440, 'fr-FR')).toBe('00:00')
    expect(clockTextLabel('9:05', 'de-DE')).toBe('09:05')
    expect(clockTextLabel('noon', 'fr-FR')).toBe('noon')
  })

  it("names the weekdays in the locale's words, French in lower case", () => {
    expect(weekdayLabel('monday', 'fr-FR')).toBe('lundi')
    expect(weekdayLabel('monday', 'fr-FR', 'short')).toBe('lun.')
    expect(weekdayLabel('sunday', 'en-GB')).toBe('Sunday')
    expect(weekdayLabel('wednesday', 'de-DE')).toBe('Mittwoch')
    expect(weekdayLabel('friday', 'es-ES')).toBe('viernes')
    expect(weekdayLabel('saturday', 'it-IT')).toBe('sabato')
    for (const locale of TWENTY_FOUR_HOURS)
      expect(new Set(WEEKDAYS.map((day) => weekdayLabel(day, locale))).size).toBe(7)
  })
})
