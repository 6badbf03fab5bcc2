import { describe, expect, it } from 'vitest'
import { roleOf, studioScope } from './roles'

const SHOPS = [{ id: '1', artebeauteId: '5001' }, { id: '2', artebeauteId: '5002' }, { id: '3' }]

describe('studio roles (docs/decisions/072-studio-roles.md)', () => {
  it('reads the stated role first', () => {
    expect(roleOf({ studioRole: 'practitioner', artebeauteIds: [] })).toBe('practitioner')
  })

  it('infers a manager of the linked shops, or the owner when linked to none', () => {
    expect(roleOf({ artebeauteIds: ['5001'] })).toBe('manager')
    expect(roleOf({ artebeauteIds: [] })).toBe('owner')
  })

  it('gives the owner every shop and the owner tools', () => {
    expect(studioScope({ studioRole: 'owner', artebeauteIds: ['5001'] }, SHOPS)).toEqual({
      role: 'owner',
      shopIds: ['1', '2', '3'],
      ownerTools: true,
      customerSearch: true,
    })
  })

  it('gives a manager their linked shops only, without the owner tools', () => {
    expect(studioScope({ artebeauteIds: ['5002', '9999'] }, SHOPS)).toEqual({
      role: 'manager',
      shopIds: ['2'],
      ownerTools: false,
      customerSearch: true,
    })
  })

  it("gives a practitioner their shops and their own resources' agenda", () => {
    const staff = { artebeauteIds: ['5001'], resourceIds: ['302'] }
    expect(studioScope({ ...staff, studioRole: 'practitioner' }, SHOPS)).toEqual({
      role: 'practitioner',
      shopIds: ['1'],
      resourceIds: ['302'],
      ownerTools: false,
      customerSearch: false,
    })
  })

  it('shows a practitioner without named resources nobody else', () => {
    const scope = studioScope({ studioRole: 'practitioner', artebeauteIds: ['5001'] }, SHOPS)
    expect(scope.resourceIds).toEqual([])
  })
})
