import { describe, expect, it } from 'vitest'
import { holdMilliseconds } from '../settings.ts'
import { busyByDate } from './claims.ts'

describe('busy time in the shop zone', () => {
  it('reads instants as Paris wall time, across both 2026 changes', () => {
    const busy = busyByDate(
      [
        {
          resourceId: 'a',
          startsAt: Date.parse('2026-03-28T08:00:00Z'),
          endsAt: Date.parse('2026-03-28T09:00:00Z'),
        },
        {
          resourceId: 'a',
          startsAt: Date.parse('2026-03-29T07:00:00Z'),
          endsAt: Date.parse('2026-03-29T08:00:00Z'),
        },
        {
          resourceId: 'a',
          startsAt: Date.parse('2026-10-25T08:00:00Z'),
          endsAt: Date.parse('2026-10-25T09:30:00Z'),
        },
      ],
      'Europe/Paris',
    )
    expect(busy.get('2026-03-28')?.get('a')).toEqual([{ start: 540, end: 600 }])
    expect(busy.get('2026-03-29')?.get('a')).toEqual([{ start: 540, end: 600 }])
    expect(busy.get('2026-10-25')?.get('a')).toEqual([{ start: 540, end: 630 }])
  })

  it('splits a span past midnight and merges overlapping claims', () => {
    const busy = busyByDate(
      [
        {
          resourceId: 'a',
          startsAt: Date.parse('2027-01-05T22:00:00Z'),
          endsAt: Date.parse('2027-01-06T01:00:00Z'),
        },
        {
          resourceId: 'b',
          startsAt: Date.parse('2027-01-05T09:00:00Z'),
          endsAt: Date.parse('2027-01-05T10:00:00Z'),
        },
        {
          resourceId: 'b',
          startsAt: Date.parse('2027-01-05T09:30:00Z'),
          endsAt: Date.parse('2027-01-05T10:30:00Z'),
        },
      ],
      'Europe/Paris',
    )
    expect(busy.get('2027-01-05')?.get('a')).toEqual([{ start: 1380, end: 1440 }])
    expect(busy.get('2027-01-06')?.get('a')).toEqual([{ start: 0, end: 120 }])
    expect(busy.get('2027-01-05')?.get('b')).toEqual([{ start: 600, end: 690 }])
  })
})

describe('hold time', () => {
  it('is 15 minutes unless HOLD_MINUTES says otherwise (decimals allowed, nonsense ignored)', () => {
    expect(holdMilliseconds({})).toBe(15 * 60_000)
    expect(holdMilliseconds({ HOLD_MINUTES: '0.5' })).toBe(30_000)
    expect(holdMilliseconds({ HOLD_MINUTES: '-3' })).toBe(15 * 60_000)
    expect(holdMilliseconds({ HOLD_MINUTES: 'soon' })).toBe(15 * 60_000)
  })
})
