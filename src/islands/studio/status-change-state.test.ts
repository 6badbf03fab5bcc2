import { describe, expect, it } from 'vitest'
import { type BookingOrder, bookingOrder } from '#contract/booking-order'
import { withStatus } from './status-change-state'

const order = (ideorder: string): BookingOrder =>
  bookingOrder.parse({
    id: ideorder,
    ideorder,
    customerId: 'c1',
    shopId: '1',
    status: 'confirmed',
    statusHistory: [{ status: 'confirmed', at: '2030-01-15T09:00:00Z', by: 'system' }],
    total: { amount: 5000, currency: 'EUR' },
    paid: { amount: 0, currency: 'EUR' },
    createdAt: '2030-01-15T09:00:00Z',
  })

describe('withStatus', () => {
  it('sets the order’s status and adds who did it and when; other orders unchanged', () => {
    const orders = [order('A'), order('B')]
    const at = '2030-01-15T10:00:00.000Z'
    const next = withStatus(orders, { ideorder: 'B', status: 'noShow', by: 'staff', at })
    expect(next[0]).toBe(orders[0])
    expect(next[1]?.status).toBe('noShow')
    expect(next[1]?.statusHistory.at(-1)).toEqual({ status: 'noShow', at, by: 'staff' })
    expect(orders[1]?.status).toBe('confirmed')
    // the same status again changes nothing (the server records nothing either)
    expect(withStatus(next, { ideorder: 'B', status: 'noShow', by: 'x', at })[1]).toBe(next[1])
  })
})
