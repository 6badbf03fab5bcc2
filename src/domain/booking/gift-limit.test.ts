import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { datesWithoutVoucherRoom, hasVoucherRoom } from './gift-limit'

/** docs/decisions/063-last-partial-rows-of-the-api.md: the gift limit of voucher visits. */
describe('gift limit', () => {
  it('no limit leaves room whatever the count', () => {
    fc.assert(
      fc.property(fc.nat(), (visits) => {
        expect(hasVoucherRoom(visits, null)).toBe(true)
      }),
    )
  })

  it('room while the visits are under the limit, none from the limit on', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.integer({ min: 1, max: 50 }), (visits, limit) => {
        expect(hasVoucherRoom(visits, limit)).toBe(visits < limit)
      }),
    )
    expect([hasVoucherRoom(1, 2), hasVoucherRoom(2, 2), hasVoucherRoom(3, 2)]).toEqual([
      true,
      false,
      false,
    ])
  })

  it('lists exactly the dates at or over the limit', () => {
    const visits = new Map([
      ['2026-12-01', 0],
      ['2026-12-02', 2],
      ['2026-12-03', 3],
      ['2026-12-04', 1],
    ])
    expect([...datesWithoutVoucherRoom(visits, 2)]).toEqual(['2026-12-02', '2026-12-03'])
    expect(datesWithoutVoucherRoom(visits, null).size).toBe(0)
  })
})
