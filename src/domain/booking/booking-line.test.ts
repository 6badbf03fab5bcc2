import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { VISIT_MAX_SERVICES } from '#contract/constants'
import {
  byStart,
  lineIdOf,
  localDateTimeOf,
  overlapsCart,
  slotOf,
  takenOn,
  visitFull,
} from './booking-line'

const slot = (start: string, end: string, serviceId = '112') => ({
  serviceId,
  start,
  end,
  employeeId: null,
  employeeName: null,
  shopName: 'Annecy',
  timeZone: 'Europe/Paris',
})

describe('booking cart lines', () => {
  it('a line id is the service at its start', () => {
    expect(lineIdOf('112', '2026-11-23T10:00')).toBe('112@2026-11-23T10:00')
    expect(localDateTimeOf('2026-11-23', 615)).toBe('2026-11-23T10:15')
  })

  it('reads a stored slot and refuses malformed ones', () => {
    expect(
      slotOf({
        id: 'x',
        serviceId: '112',
        start: '2026-11-23T10:00',
        end: '2026-11-23T11:00',
        employeeId: '302',
        employeeName: 'Malik',
        shopName: 'Annecy',
        timeZone: 'Europe/Paris',
      }),
    ).toEqual({
      ...slot('2026-11-23T10:00', '2026-11-23T11:00'),
      employeeId: '302',
      employeeName: 'Malik',
    })
    expect(
      slotOf({ serviceId: '112', start: '2026-11-23T10:00', end: '2026-11-23T11:00' })?.timeZone,
    ).toBe('Europe/Paris')
    expect(
      slotOf({ serviceId: '112', start: '2026-11-23T11:00', end: '2026-11-23T10:00' }),
    ).toBeNull()
    expect(
      slotOf({ serviceId: '112', start: '2026-11-23 10:00', end: '2026-11-23T11:00' }),
    ).toBeNull()
    expect(slotOf(null)).toBeNull()
    expect(slotOf({ id: 1 })).toBeNull()
  })

  it('finds the time already taken on a day and overlaps', () => {
    const cart = [
      slot('2026-11-23T10:00', '2026-11-23T11:00'),
      slot('2026-11-24T10:00', '2026-11-24T11:00'),
    ]
    expect(takenOn('2026-11-23', cart)).toEqual([{ start: 600, end: 660 }])
    expect(overlapsCart(slot('2026-11-23T10:30', '2026-11-23T11:30', '113'), cart)).toBe(true)
    expect(overlapsCart(slot('2026-11-23T11:00', '2026-11-23T12:00', '113'), cart)).toBe(false)
    expect(overlapsCart(slot('2026-11-25T10:00', '2026-11-25T11:00', '113'), cart)).toBe(false)
  })

  it("a day with a visit's worth in the cart offers nothing more (docs/decisions/062-visit-bound-and-list-params.md)", () => {
    // n half-hour lines from 09:00 on the day, and one on the next day
    const lines = (n: number) => [
      ...Array.from({ length: n }, (_, i) =>
        slot(
          localDateTimeOf('2026-11-23', 540 + 30 * i),
          localDateTimeOf('2026-11-23', 570 + 30 * i),
        ),
      ),
      slot('2026-11-24T10:00', '2026-11-24T11:00'),
    ]
    fc.assert(
      fc.property(fc.integer({ min: 0, max: VISIT_MAX_SERVICES + 3 }), (n) => {
        const cart = lines(n)
        const full = n >= VISIT_MAX_SERVICES
        expect(visitFull('2026-11-23', cart)).toBe(full)
        const late = slot('2026-11-23T20:00', '2026-11-23T21:00', '113')
        expect(overlapsCart(late, cart)).toBe(full)
        expect(takenOn('2026-11-23', cart)).toHaveLength(full ? 1 : n)
        // the other day is not affected
        expect(visitFull('2026-11-24', cart)).toBe(false)
        expect(takenOn('2026-11-24', cart)).toEqual([{ start: 600, end: 660 }])
      }),
    )
    expect(takenOn('2026-11-23', lines(VISIT_MAX_SERVICES))).toEqual([{ start: 0, end: 1440 }])
  })

  it('orders a visit by start', () => {
    const later = slot('2026-11-23T11:00', '2026-11-23T12:00')
    const earlier = slot('2026-11-23T09:00', '2026-11-23T10:00')
    expect(byStart([later, earlier])).toEqual([earlier, later])
  })
})
