import { describe, expect, it } from 'vitest'
import { cancelTerms, deskRefusal } from './desk-rules'
import type { StudioScope } from './roles'

const owner: StudioScope = { role: 'owner', shopIds: [], ownerTools: true }
const manager: StudioScope = { role: 'manager', shopIds: ['1'], ownerTools: false }
const practitioner: StudioScope = {
  role: 'practitioner',
  shopIds: ['1'],
  resourceIds: ['e1'],
  ownerTools: false,
}

describe('desk rules (docs/decisions/077-desk-booking.md)', () => {
  it('lets the owner book at any shop and column', () => {
    expect(deskRefusal(owner, '9', ['x', undefined])).toBeUndefined()
  })

  it('keeps a manager to their shops, any column', () => {
    expect(deskRefusal(manager, '1', ['x', undefined])).toBeUndefined()
    expect(deskRefusal(manager, '2', ['x'])).toBe('shop')
  })

  it('keeps a practitioner to their shops and their own columns, named', () => {
    expect(deskRefusal(practitioner, '1', ['e1', 'e1'])).toBeUndefined()
    expect(deskRefusal(practitioner, '2', ['e1'])).toBe('shop')
    expect(deskRefusal(practitioner, '1', ['e1', 'e2'])).toBe('resource')
    expect(deskRefusal(practitioner, '1', [undefined])).toBe('resource')
    expect(deskRefusal(practitioner, '1', [])).toBe('resource')
  })

  it('gives the policy to everyone and the override to the owner only', () => {
    expect(cancelTerms(manager, undefined)).toEqual({ kind: 'policy' })
    expect(cancelTerms(owner, 'credit')).toEqual({ kind: 'override', gives: 'credit' })
    expect(cancelTerms(manager, 'none')).toBe('forbidden')
    expect(cancelTerms(practitioner, 'credit')).toBe('forbidden')
  })
})
