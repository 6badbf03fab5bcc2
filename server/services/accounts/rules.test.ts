import { describe, expect, it } from 'vitest'
import { demotesSelf, roleProfile } from './rules.ts'

describe('setting a studio role (docs/decisions/072-studio-roles.md)', () => {
  it('refuses the owner making themself anything else, and only that', () => {
    expect(demotesSelf({ self: true, studioRole: 'manager' })).toBe(true)
    expect(demotesSelf({ self: true, studioRole: 'practitioner' })).toBe(true)
    expect(demotesSelf({ self: true, studioRole: 'owner' })).toBe(false)
    expect(demotesSelf({ self: true })).toBe(false)
    expect(demotesSelf({ self: false, studioRole: 'manager' })).toBe(false)
  })

  it('writes only the fields given, resources once each', () => {
    expect(roleProfile({ self: false })).toEqual({})
    expect(roleProfile({ self: false, studioRole: 'manager' })).toEqual({ studioRole: 'manager' })
    expect(
      roleProfile({ self: false, studioRole: 'practitioner', resourceIds: ['3', '4', '3'] }),
    ).toEqual({ studioRole: 'practitioner', resourceIds: ['3', '4'] })
    expect(roleProfile({ self: false, resourceIds: [] })).toEqual({ resourceIds: [] })
  })
})
