import { describe, expect, it } from 'vitest'
import { BOOKING_STATUSES } from '#contract/booking-order'
import { studioMoves } from './status-moves'

describe('studioMoves', () => {
  it('offers arrived, done and no-show on a confirmed visit, done on an arrived one, else nothing', () => {
    const offered = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, studioMoves(s)]))
    expect(offered).toEqual({
      pending: [],
      confirmed: ['arrived', 'completed', 'noShow'],
      arrived: ['completed'],
      completed: [],
      cancelled: [],
      noShow: [],
      refunded: [],
      partiallyRefunded: [],
    })
  })
})
