import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { utcToZonedWallTime, zonedMinutesToUtc } from '#domain/slots/zoned-time.ts'
import { datesBetween } from './calendar.ts'
import { localDateAndMinutes, localMinutesToUtc } from './zone-cache.ts'

const reference = (instant: number, zone: string) => {
  const w = utcToZonedWallTime(instant, zone)
  const pad = (n: number) => String(n).padStart(2, '0')
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, minutes: w.hour * 60 + w.minute }
}

describe('memoised zone offsets', () => {
  it('agree with Intl minute by minute around both 2026 Paris changes and in half-hour zones', () => {
    const cases: [string, string][] = [
      ['Europe/Paris', '2026-03-28T22:00:00Z'],
      ['Europe/Paris', '2026-10-24T22:00:00Z'],
      ['Asia/Kolkata', '2026-06-01T00:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T14:00:00Z'],
      ['America/New_York', '2026-11-01T04:00:00Z'],
    ]
    for (const [zone, from] of cases) {
      for (let minute = 0; minute < 8 * 60; minute += 7) {
        const instant = Date.parse(from) + minute * 60_000
        expect(localDateAndMinutes(new Date(instant), zone), `${zone} ${minute}`).toEqual(
          reference(instant, zone),
        )
      }
    }
  })
})

describe('memoised local minutes to instants', () => {
  const zones = ['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata']
  // the days around 2026's changes of Paris, New York and Lord Howe, and ordinary ones
  const dates = datesBetween('2026-03-27', '2026-04-06').concat(
    datesBetween('2026-10-23', '2026-11-02'),
  )

  it('give the instant zoned-time.ts gives, gaps and repeats of DST included, asked once or again', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.constantFrom(...dates),
        fc.integer({ min: 0, max: 1_440 }),
        (zone, date, minutes) => {
          const expected = zonedMinutesToUtc(date, minutes, zone).getTime()
          const first = localMinutesToUtc(date, minutes, zone)
          const again = localMinutesToUtc(date, minutes, zone)
          expect(first.getTime()).toBe(expected)
          expect(again.getTime()).toBe(expected)
          // a fresh Date each time: a caller that changes its Date changes no one else's
          expect(again).not.toBe(first)
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('datesBetween', () => {
  it('lists every date of the range, and the same range gives the same frozen list', () => {
    const week = datesBetween('2026-12-28', '2027-01-03')
    expect(week).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ])
    expect(datesBetween('2026-12-28', '2027-01-03')).toBe(week)
    expect(Object.isFrozen(week)).toBe(true)
    expect(datesBetween('2027-01-03', '2026-12-28')).toEqual([])
  })
})
