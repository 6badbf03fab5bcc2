import { describe, expect, it } from 'vitest'
import { utcToZonedWallTime } from '#domain/slots/zoned-time.ts'
import { localDateAndMinutes } from './zone-cache.ts'

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
