import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { utcToZonedWallTime } from '../slots/zoned-time'
import { currentItems } from './current-items'
import { calendarShift, NO_SHIFT, shiftContent, shiftDays, shiftYears } from './demo-calendar'

const DAY_MS = 86_400_000
const PARIS = 'Europe/Paris'
const WRITTEN_FOR = new Date('2026-12-01T12:00:00Z')
const instants = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) })
const zones = fc.constantFrom(PARIS, 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney')

describe('the shift from the written instant to now', () => {
  it('is the whole weeks that fit, and the whole years', () => {
    fc.assert(
      fc.property(instants, instants, (written, now) => {
        const { days, years } = calendarShift(new Date(written), new Date(now))
        expect(Number.isInteger(days / 7)).toBe(true)
        expect(written + days * DAY_MS).toBeLessThanOrEqual(now)
        expect(now).toBeLessThan(written + (days + 7) * DAY_MS)
        const anniversary = (n: number) => {
          const date = new Date(written)
          date.setUTCFullYear(date.getUTCFullYear() + n)
          return date.getTime()
        }
        expect(anniversary(years)).toBeLessThanOrEqual(now)
        expect(now).toBeLessThan(anniversary(years + 1))
      }),
      { numRuns: 1000 },
    )
  })

  it('is nothing within the written week', () => {
    expect(calendarShift(WRITTEN_FOR, new Date('2026-12-08T11:59:59Z'))).toEqual(NO_SHIFT)
    expect(calendarShift(WRITTEN_FOR, new Date('2026-12-08T12:00:00Z'))).toEqual({
      days: 7,
      years: 0,
    })
    expect(calendarShift(WRITTEN_FOR, new Date('2027-12-01T12:00:00Z'))).toMatchObject({
      years: 1,
    })
  })
})

describe('a date-time moved by days', () => {
  it('keeps its wall-clock time in the zone, with the offset of its new date', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: -60, max: 60 }), zones, (at, weeks, zone) => {
        const wall = utcToZonedWallTime(at, zone)
        const offsetMinutes = Math.round(
          (Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) -
            Math.floor(at / 60_000) * 60_000) /
            60_000,
        )
        const sign = offsetMinutes < 0 ? '-' : '+'
        const abs = Math.abs(offsetMinutes)
        const two = (n: number) => String(n).padStart(2, '0')
        const text = `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}:00${sign}${two(Math.trunc(abs / 60))}:${two(abs % 60)}`
        const moved = shiftDays(text, weeks * 7, zone)
        // the same weekday and the same time of day, read in the zone as it is written
        expect(moved.slice(11, 19)).toBe(text.slice(11, 19))
        const day = (iso: string) =>
          Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10))
        expect((day(moved) - day(text)) / DAY_MS).toBe(weeks * 7)
        const back = utcToZonedWallTime(new Date(moved), zone)
        // read back in the zone: the same day and time, or an hour later for a wall time the
        // change of clocks skips (02:30 on the night summer time begins)
        expect(back.day).toBe(+moved.slice(8, 10))
        const written = +text.slice(11, 13) * 60 + +text.slice(14, 16)
        expect([0, 60]).toContain(back.hour * 60 + back.minute - written)
      }),
      { numRuns: 1000 },
    )
  })

  it('moves a winter end of day into summer as the same end of day', () => {
    expect(shiftDays('2027-02-27T23:59:00+01:00', 140, PARIS)).toBe('2027-07-17T23:59:00+02:00')
    expect(shiftDays('2026-11-06T00:00:00+01:00', 7, PARIS)).toBe('2026-11-13T00:00:00+01:00')
    expect(shiftDays('2026-12-20', 14, PARIS)).toBe('2027-01-03')
    expect(shiftDays('2026-12-01T12:00:00Z', 7, PARIS)).toBe('2026-12-08T12:00:00Z')
  })

  it('leaves what is not a date as it is', () => {
    for (const text of ['NOEL2026', 'Jusqu’au 2026-12-20', '2026-12-20T10:00', '', '12:00']) {
      expect(shiftDays(text, 7, PARIS)).toBe(text)
      expect(shiftYears(text, 1)).toBe(text)
    }
  })
})

describe('a content list moved', () => {
  const event = {
    id: 501,
    start: '2026-11-16T00:00:00+01:00',
    end: '2026-12-20T23:59:00+01:00',
    title: { fr: 'La semaine de l’éclat' },
  }
  const christmas = { id: 801, date: '2026-12-25', shopId: null, label: { fr: 'Noël' } }
  const maintenance = { id: 808, date: '2027-01-04', shopId: 2, label: {} }

  it('is the same list when nothing moves', () => {
    const list = [event]
    expect(shiftContent('events', list, NO_SHIFT, PARIS)).toBe(list)
  })

  it('moves events by weeks, holidays by years, a shop’s own days by weeks, texts and ids not', () => {
    const shift = { days: 21, years: 1 }
    expect(shiftContent('events', [event], shift, PARIS)).toEqual([
      { ...event, start: '2026-12-07T00:00:00+01:00', end: '2027-01-10T23:59:00+01:00' },
    ])
    expect(shiftContent('closedDays', [christmas, maintenance], shift, PARIS)).toEqual([
      { ...christmas, date: '2027-12-25' },
      { ...maintenance, date: '2027-01-25' },
    ])
    expect(shiftContent('articles', [{ id: 1, date: '2026-12-25' }], shift, PARIS)).toEqual([
      { id: 1, date: '2026-12-25' },
    ])
  })

  it('keeps what is current: an item current at an instant is current a shift later', () => {
    const windows = fc
      .tuple(
        fc.integer({ min: -400, max: 400 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: -400, max: 400 }),
        fc.integer({ min: -200, max: 200 }),
      )
      .map(([startDay, length, atDay, weeks]) => ({ startDay, length, atDay, weeks }))
    fc.assert(
      fc.property(windows, ({ startDay, length, atDay, weeks }) => {
        const date = (offset: number) =>
          new Date(WRITTEN_FOR.getTime() + offset * DAY_MS).toISOString().slice(0, 10)
        const item = {
          start: `${date(startDay)}T00:00:00+01:00`,
          end: `${date(startDay + length)}T23:59:00+01:00`,
        }
        const [moved] = shiftContent('alerts', [item], { days: weeks * 7, years: 0 }, PARIS)
        // noon UTC is never within an hour of a Paris midnight
        const at = WRITTEN_FOR.getTime() + atDay * DAY_MS
        const later = at + weeks * 7 * DAY_MS
        expect(currentItems(moved ? [moved] : [], later).length).toBe(
          currentItems([item], at).length,
        )
      }),
      { numRuns: 1000 },
    )
  })
})
