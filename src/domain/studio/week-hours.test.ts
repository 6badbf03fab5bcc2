import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { WEEKDAYS } from '#contract/opening-hours'
import { hasMoreRanges, hoursOf, weekFormOf } from './week-hours'

const clock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
const range = fc
  .tuple(clock, clock)
  .filter(([a, b]) => a !== b)
  .map(([a, b]) => (a < b ? { start: a, end: b } : { start: b, end: a }))
const day = fc.record({
  status: fc.constantFrom('day', 'pause'),
  hours: fc
    .tuple(range, range)
    .map(([a, b]) => (b.start >= a.end ? [a, b] : [a]))
    .filter((h) => h.length > 0),
})
const week = fc.dictionary(fc.constantFrom(...WEEKDAYS), day)

describe('a week of hours in the studio form', () => {
  it('gives back the hours it was made from (open days, their status and ranges)', () => {
    fc.assert(
      fc.property(week, (hours) => {
        expect(hoursOf(weekFormOf(hours))).toEqual({ hours })
      }),
    )
  })

  it('leaves a closed day out, and opens a day with the usual hours', () => {
    const form = weekFormOf({ monday: { status: 'closed', hours: [] } })
    expect(form.monday.open).toBe(false)
    expect(form.tuesday.ranges[0]).toEqual({ start: '09:00', end: '18:00' })
    expect(hoursOf(form)).toEqual({ hours: {} })
    const opened = { ...form, tuesday: { ...form.tuesday, open: true } }
    expect(hoursOf(opened)).toEqual({
      hours: { tuesday: { status: 'day', hours: [{ start: '09:00', end: '18:00' }] } },
    })
  })

  it('names the first day whose ranges do not read', () => {
    const base = weekFormOf({})
    const bad = (ranges: [{ start: string; end: string }, { start: string; end: string }]) =>
      hoursOf({ ...base, friday: { open: true, status: 'day', ranges } })
    const none = { start: '', end: '' }
    expect(bad([{ start: '18:00', end: '09:00' }, none])).toEqual({ error: 'friday' })
    expect(bad([{ start: '9h', end: '12:00' }, none])).toEqual({ error: 'friday' })
    expect(
      bad([
        { start: '09:00', end: '13:00' },
        { start: '12:00', end: '18:00' },
      ]),
    ).toEqual({
      error: 'friday',
    })
    expect(
      bad([
        { start: '09:00', end: '12:00' },
        { start: '14:00', end: '' },
      ]),
    ).toEqual({
      error: 'friday',
    })
  })

  it('knows when a stored day has more ranges than the form shows', () => {
    const r = (start: string, end: string) => ({ start, end })
    const three = [r('08:00', '09:00'), r('10:00', '11:00'), r('12:00', '13:00')]
    expect(hasMoreRanges({ monday: { status: 'day', hours: three } })).toBe(true)
    expect(hasMoreRanges({ monday: { status: 'day', hours: three.slice(1) } })).toBe(false)
  })
})
