import { describe, expect, it } from 'vitest'
import { calendarDate, instantDate, wallClockDateTime } from './order-dates'

describe('account page dates', () => {
  it('an appointment keeps its wall-clock time, whatever the visitor zone', () => {
    expect(wallClockDateTime('2026-03-29T02:30', 'fr-FR')).toBe('dimanche 29 mars 2026 à 02:30')
    expect(wallClockDateTime('2026-12-01T09:05', 'en-GB')).toMatch(
      /^Tuesday,? 1 December 2026 at 09:05$/,
    )
    expect(wallClockDateTime('not a date', 'fr-FR')).toBe('not a date')
  })

  it('an order instant in the given zone', () => {
    expect(instantDate('2026-02-14T23:20:00+00:00', 'fr-FR', 'Europe/Paris')).toBe(
      '15 février 2026',
    )
    expect(instantDate('nope', 'fr-FR')).toBe('nope')
  })

  it('a calendar date is the same day in every zone, written the locale way', () => {
    expect(calendarDate('2027-11-25', 'fr-FR')).toBe('25 novembre 2027')
    expect(calendarDate('2027-11-25', 'en-GB')).toBe('25 November 2027')
    expect(calendarDate('2027-01-01', 'de-DE')).toBe('1. Januar 2027')
    expect(calendarDate('2027-13', 'fr-FR')).toBe('2027-13')
  })
})
