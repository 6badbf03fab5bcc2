import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mayEditCatalogue } from './catalogue-roles'
import type { StudioScope } from './roles'

const owner: StudioScope = { role: 'owner', shopIds: ['a', 'b'], ownerTools: true }
const manager: StudioScope = { role: 'manager', shopIds: ['a'], ownerTools: false }
const practitioner: StudioScope = {
  role: 'practitioner',
  shopIds: ['a'],
  resourceIds: ['r'],
  ownerTools: false,
}

describe('mayEditCatalogue', () => {
  it("gives the company's catalogue to the owner only", () => {
    expect(mayEditCatalogue(owner, { company: true })).toBe(true)
    expect(mayEditCatalogue(manager, { company: true })).toBe(false)
    expect(mayEditCatalogue(practitioner, { company: true })).toBe(false)
  })

  it('lets a manager edit their shops, never another, nor every shop at once', () => {
    expect(mayEditCatalogue(manager, { shops: ['a'] })).toBe(true)
    expect(mayEditCatalogue(manager, { shops: ['a', 'b'] })).toBe(false)
    expect(mayEditCatalogue(manager, { shops: [null] })).toBe(false)
    expect(mayEditCatalogue(manager, { shops: [] })).toBe(false)
  })

  it('never lets a practitioner write, even in their own shop', () => {
    expect(mayEditCatalogue(practitioner, { shops: ['a'] })).toBe(false)
  })

  it("allows a manager's write exactly when every shop touched is theirs", () => {
    const id = fc.constantFrom('a', 'b', 'c', null)
    fc.assert(
      fc.property(fc.subarray(['a', 'b', 'c']), fc.array(id, { minLength: 1 }), (mine, touched) => {
        const scope: StudioScope = { role: 'manager', shopIds: mine, ownerTools: false }
        const theirs = touched.every((s) => s !== null && mine.includes(s))
        expect(mayEditCatalogue(scope, { shops: touched })).toBe(theirs)
        expect(
          mayEditCatalogue({ ...scope, role: 'owner', ownerTools: true }, { shops: touched }),
        ).toBe(true)
      }),
    )
  })
})
