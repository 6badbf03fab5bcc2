import { describe, expect, it } from 'vitest'
import { dayHours, readDay, shiftDay, shopToday, weekOf } from './agenda-day'

describe('agenda day (docs/decisions/071-studio-app.md)', () => {
  it("is today in the shop's zone, not the browser's", () => {
    // 23:30 UTC on 29 Nov is already 30 Nov in Paris, still 29 Nov in New York
    const late = Date.parse('2026-11-29T23:30:00Z')
    expect(shopToday('Europe/Paris', late)).toBe('2026-11-30')
    expect(shopToday('America/New_York', late)).toBe('2026-11-29')
  })

  it('moves by calendar days across months, years and DST changes', () => {
    expect(shiftDay('2026-11-30', 1)).toBe('2026-12-01')
    expect(shiftDay('2027-01-01', -1)).toBe('2026-12-31')
    expect(shiftDay('2026-03-28', 1)).toBe('2026-03-29')
    expect(shiftDay('2026-03-29', 1)).toBe('2026-03-30')
  })

  it('finds the Monday-to-Sunday week of a day, across months', () => {
    expect(weekOf('2026-12-01')).toEqual({ from: '2026-11-30', to: '2026-12-06' })
    expect(weekOf('2026-11-30')).toEqual({ from: '2026-11-30', to: '2026-12-06' })
    expect(weekOf('2026-12-06')).toEqual({ from: '2026-11-30', to: '2026-12-06' })
  })

  it('reads only real calendar days from the address', () => {
    expect(readDay('2026-02-28')).toBe('2026-02-28')
    expect(readDay('2026-02-30')).toBeUndefined()
    expect(readDay('tomorrow')).toBeUndefined()
    expect(readDay(null)).toBeUndefined()
  })

  it('spans the usual hours, widened to every appointment', () => {
    expect(dayHours([])).toEqual([8, 21])
    const early = { start: '2026-11-30T07:30', end: '2026-11-30T08:30' }
    const late = { start: '2026-11-30T20:30', end: '2026-11-30T21:15' }
    expect(dayHours([early, late])).toEqual([7, 22])
    expect(dayHours([{ start: '2026-11-30T22:00', end: '2026-11-30T23:00' }])).toEqual([8, 23])
  })
})
