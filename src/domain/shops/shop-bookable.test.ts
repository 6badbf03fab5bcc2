import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isShopBookable } from './shop-bookable'

describe('isShopBookable', () => {
  it('is open only when the company, its appointments and the shop all are', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (company, appointments, shop) => {
        const open = isShopBookable(
          { booker: { active: company, appointments } },
          { booker: { active: shop } },
        )
        expect(open).toBe(company && appointments && shop)
      }),
    )
  })
})
