import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  expiredOn,
  mayManageStock,
  mayTraceLots,
  normaliseLot,
  pigmentLabel,
} from './customer-files'
import type { StudioScope } from './roles'

const scope = (role: StudioScope['role']): StudioScope => ({
  role,
  shopIds: [],
  ownerTools: role === 'owner',
})

describe('customer files rules', () => {
  it('lets owners and managers manage the stock and trace lots, not practitioners', () => {
    expect([mayManageStock(scope('owner')), mayManageStock(scope('manager'))]).toEqual([true, true])
    expect(mayManageStock(scope('practitioner'))).toBe(false)
    expect([mayTraceLots(scope('owner')), mayTraceLots(scope('manager'))]).toEqual([true, true])
    expect(mayTraceLots(scope('practitioner'))).toBe(false)
  })

  it('compares lots trimmed and upper-cased, idempotently', () => {
    expect(normaliseLot('  ab-12/c ')).toBe('AB-12/C')
    fc.assert(
      fc.property(fc.string(), (lot) => normaliseLot(normaliseLot(lot)) === normaliseLot(lot)),
    )
  })

  it('treats the expiry day as the last usable day', () => {
    expect(expiredOn('2026-12-01', '2026-12-01')).toBe(false)
    expect(expiredOn('2026-12-01', '2026-12-02')).toBe(true)
    const day = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10))
    fc.assert(fc.property(day, day, (a, b) => expiredOn(a, b) === new Date(a) < new Date(b)))
  })

  it('labels a pigment by brand and colour', () => {
    expect(pigmentLabel({ brand: 'Perma Blend', colour: 'Honey' })).toBe('Perma Blend · Honey')
  })
})
