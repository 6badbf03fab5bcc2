import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { shopRemovalVerdict } from './shop-removal'

describe('shopRemovalVerdict', () => {
  it('names the first thing that keeps the shop', () => {
    expect(shopRemovalVerdict({ shopCount: 1, futureVisits: 0, unpaidBills: 0 })).toBe('lastShop')
    expect(shopRemovalVerdict({ shopCount: 2, futureVisits: 1, unpaidBills: 1 })).toBe(
      'shopHasFutureVisits',
    )
    expect(shopRemovalVerdict({ shopCount: 2, futureVisits: 0, unpaidBills: 3 })).toBe(
      'shopHasUnpaidBills',
    )
    expect(shopRemovalVerdict({ shopCount: 2, futureVisits: 0, unpaidBills: 0 })).toBe('ok')
  })

  it('allows a removal exactly when nothing is owed, expected or left', () => {
    const count = fc.nat({ max: 5 })
    fc.assert(
      fc.property(count, count, count, (shopCount, futureVisits, unpaidBills) => {
        const ok = shopRemovalVerdict({ shopCount, futureVisits, unpaidBills }) === 'ok'
        expect(ok).toBe(shopCount > 1 && futureVisits === 0 && unpaidBills === 0)
      }),
    )
  })
})
