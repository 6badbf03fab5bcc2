import { describe, expect, it } from 'vitest'
import { ApiError, HttpError } from '#api/errors'
import type { BookingOrder } from '#contract/booking-order'
import { refusalStatus, withMoved } from './desk-move-state'

const order = (ideorder: string) =>
  ({
    ideorder,
    appointments: [
      { id: 'b', employeeId: 'e1', start: '2027-03-28T10:30', end: '2027-03-28T11:00' },
      { id: 'a', employeeId: 'e1', start: '2027-03-28T10:00', end: '2027-03-28T10:30' },
    ],
  }) as unknown as BookingOrder

describe('a move shown at once (docs/decisions/077-desk-booking.md)', () => {
  it('shifts the whole visit from its first start, into the column given', () => {
    const [moved, other] = withMoved([order('1'), order('2')], {
      ideorder: '1',
      start: '2027-03-28T14:00',
      resourceId: 'e2',
    })
    expect(moved?.appointments).toEqual([
      { id: 'b', employeeId: 'e2', start: '2027-03-28T14:30', end: '2027-03-28T15:00' },
      { id: 'a', employeeId: 'e2', start: '2027-03-28T14:00', end: '2027-03-28T14:30' },
    ])
    expect(other).toEqual(order('2'))
  })

  it('reads the status of either error the client raises', () => {
    expect(refusalStatus(new HttpError(409, {}))).toBe(409)
    expect(refusalStatus(new ApiError(409, 'taken', { status: 409 }))).toBe(409)
    expect(refusalStatus(new Error('x'))).toBeUndefined()
  })
})
