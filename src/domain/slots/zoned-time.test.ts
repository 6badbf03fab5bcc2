import { describe, expect, it } from 'vitest'
import { utcToZonedWallTime, zonedMinutesToUtc, zonedWallTimeToUtc } from './zoned-time'

const PARIS = 'Europe/Paris'

function utc(year: number, month: number, day: number, hour: number, minute = 0): string {
  return zonedWallTimeToUtc({ year, month, day, hour, minute }, PARIS).toISOString()
}

describe('shop wall time <-> UTC instant (docs/product/5-rules.md slots, shop local time)', () => {
  it('winter and summer offsets of Europe/Paris', () => {
    expect(utc(2026, 1, 15, 9)).toBe('2026-01-15T08:00:00.000Z')
    expect(utc(2026, 7, 15, 9)).toBe('2026-07-15T07:00:00.000Z')
  })

  it('around the spring change (29 March 2026) the offset switches at 02:00', () => {
    expect(utc(2026, 3, 29, 1, 59)).toBe('2026-03-29T00:59:00.000Z')
    expect(utc(2026, 3, 29, 3, 0)).toBe('2026-03-29T01:00:00.000Z')
    expect(utc(2026, 3, 29, 12)).toBe('2026-03-29T10:00:00.000Z')
    expect(utc(2026, 3, 28, 12)).toBe('2026-03-28T11:00:00.000Z')
  })

  it('a skipped time on 29 March moves forward by the gap (02:30 -> 03:30 CEST)', () => {
    expect(utc(2026, 3, 29, 2, 30)).toBe('2026-03-29T01:30:00.000Z')
    expect(utc(2026, 3, 29, 2, 0)).toBe('2026-03-29T01:00:00.000Z')
  })

  it('around the autumn change (25 October 2026) a repeated time is the earlier instant', () => {
    expect(utc(2026, 10, 25, 1, 59)).toBe('2026-10-24T23:59:00.000Z')
    expect(utc(2026, 10, 25, 2, 30)).toBe('2026-10-25T00:30:00.000Z')
    expect(utc(2026, 10, 25, 3, 0)).toBe('2026-10-25T02:00:00.000Z')
    expect(utc(2026, 10, 25, 12)).toBe('2026-10-25T11:00:00.000Z')
  })

  it('both instants of the repeated hour read back as 02:30', () => {
    for (const iso of ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z']) {
      expect(utcToZonedWallTime(new Date(iso), PARIS)).toEqual({
        year: 2026,
        month: 10,
        day: 25,
        hour: 2,
        minute: 30,
      })
    }
  })

  it('every half hour of both change days round-trips', () => {
    for (const start of ['2026-03-28T22:00:00Z', '2026-10-24T21:00:00Z']) {
      for (let step = 0; step < 56; step++) {
        const instant = Date.parse(start) + step * 30 * 60_000
        const wall = utcToZonedWallTime(instant, PARIS)
        const back = zonedWallTimeToUtc(wall, PARIS).getTime()
        // Only the second pass of the repeated hour maps back to the earlier instant.
        const repeated =
          instant >= Date.parse('2026-10-25T01:00:00Z') &&
          instant < Date.parse('2026-10-25T02:00:00Z')
        expect(back).toBe(repeated ? instant - 3_600_000 : instant)
      }
    }
  })

  it('works for other zones: half-hour offsets, southern and western DST, UTC', () => {
    const at = (timeZone: string, hour: number) =>
      zonedWallTimeToUtc({ year: 2026, month: 3, day: 8, hour, minute: 0 }, timeZone).toISOString()
    expect(at('Asia/Kolkata', 9)).toBe('2026-03-08T03:30:00.000Z')
    expect(at('America/New_York', 1)).toBe('2026-03-08T06:00:00.000Z')
    expect(at('America/New_York', 3)).toBe('2026-03-08T07:00:00.000Z')
    expect(at('Australia/Sydney', 9)).toBe('2026-03-07T22:00:00.000Z')
    expect(at('UTC', 9)).toBe('2026-03-08T09:00:00.000Z')
  })

  it('slot minutes of a date convert, 24:00 being the next midnight', () => {
    expect(zonedMinutesToUtc('2026-03-29', 570, PARIS).toISOString()).toBe(
      '2026-03-29T07:30:00.000Z',
    )
    expect(zonedMinutesToUtc('2026-10-24', 1440, PARIS).toISOString()).toBe(
      '2026-10-24T22:00:00.000Z',
    )
  })

  it('bad input: an invalid date gives Invalid Date, an unknown zone throws', () => {
    expect(Number.isNaN(zonedMinutesToUtc('not-a-date', 0, PARIS).getTime())).toBe(true)
    expect(() => zonedMinutesToUtc('2026-01-01', 0, 'Mars/Olympus')).toThrow(RangeError)
  })
})
