import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chainSlots, visitStart, visitStartAfterDrop, wallClockOf } from './desk-slots'

describe('desk slots (docs/decisions/077-desk-booking.md)', () => {
  it('chains the services of a visit, in the column chosen', () => {
    expect(
      chainSlots(
        '2027-03-28T09:30',
        [
          { id: 'cut', duration: 45 },
          { id: 'colour', duration: 90 },
        ],
        'alice',
      ),
    ).toEqual([
      { serviceId: 'cut', start: '2027-03-28T09:30', end: '2027-03-28T10:15', resourceId: 'alice' },
      {
        serviceId: 'colour',
        start: '2027-03-28T10:15',
        end: '2027-03-28T11:45',
        resourceId: 'alice',
      },
    ])
  })

  it('refuses a visit past midnight and names no column when none is chosen', () => {
    expect(chainSlots('2027-03-28T23:30', [{ id: 'cut', duration: 45 }])).toBeUndefined()
    expect(chainSlots('2027-03-28T10:00', [{ id: 'cut', duration: 30 }])).toEqual([
      { serviceId: 'cut', start: '2027-03-28T10:00', end: '2027-03-28T10:30' },
    ])
  })

  it('moves the visit by as much as the dragged appointment moved, whatever the times', () => {
    const minutes = fc.integer({ min: 0, max: 24 * 60 * 400 })
    const at = (m: number) => new Date(Date.UTC(2027, 0, 1) + m * 60_000).toISOString().slice(0, 16)
    fc.assert(
      fc.property(minutes, minutes, minutes, (first, offset, target) => {
        const moved = visitStartAfterDrop(at(first), at(first + offset), at(target))
        expect(moved).toBe(at(target - offset))
      }),
    )
  })

  it('reads the calendar date back to the wall clock, and finds the first start', () => {
    expect(wallClockOf(new Date(2027, 2, 28, 9, 5))).toBe('2027-03-28T09:05')
    expect(visitStart([{ start: '2027-03-28T11:00' }, { start: '2027-03-28T09:00' }])).toBe(
      '2027-03-28T09:00',
    )
  })
})
