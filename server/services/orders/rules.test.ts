import { describe, expect, it } from 'vitest'
import { studioScope } from '#domain/studio/roles.ts'
import { customerResources, EVERYTHING, historyReach, mayUseOwnerTools, reachOf } from './rules.ts'

const SHOPS = [
  { id: '1', artebeauteId: '5001' },
  { id: '2', artebeauteId: '5002' },
  { id: '3', artebeauteId: '5003' },
]
const owner = studioScope({ studioRole: 'owner', artebeauteIds: ['5001'] }, SHOPS)
const manager = studioScope({ studioRole: 'manager', artebeauteIds: ['5002', '5003'] }, SHOPS)
const practitioner = studioScope(
  { studioRole: 'practitioner', artebeauteIds: ['5002'], resourceIds: ['303'] },
  SHOPS,
)
const nobody = studioScope({ studioRole: 'practitioner', artebeauteIds: ['5002'] }, SHOPS)

describe('what a studio role reaches on the server (docs/decisions/072-studio-roles.md)', () => {
  it('gives the owner every order and the owner tools, and nobody else the tools', () => {
    expect(reachOf(owner)).toBe(EVERYTHING)
    expect([owner, manager, practitioner].map(mayUseOwnerTools)).toEqual([true, false, false])
  })

  it("narrows a manager to their shops, a practitioner to their shops' appointments of theirs", () => {
    expect(reachOf(manager)).toEqual({ shops: ['2', '3'] })
    expect(reachOf(practitioner)).toEqual({ shops: ['2'], resources: ['303'] })
    expect(reachOf(nobody)).toEqual({ shops: ['2'], resources: [] })
  })

  it("keeps a history's shops filter within the user's shops, and refuses one outside", () => {
    expect(historyReach(owner, undefined)).toEqual({})
    expect(historyReach(owner, ['9'])).toEqual({ shops: ['9'] })
    expect(historyReach(manager, undefined)).toEqual({ shops: ['2', '3'] })
    expect(historyReach(manager, ['3'])).toEqual({ shops: ['3'] })
    expect(historyReach(manager, ['3', '1'])).toBe('outside')
    expect(historyReach(practitioner, ['2'])).toEqual({ shops: ['2'], resources: ['303'] })
    expect(historyReach(practitioner, ['3'])).toBe('outside')
  })

  it("narrows a practitioner's customers to those of their resources, nobody else's", () => {
    expect(customerResources(owner)).toBeUndefined()
    expect(customerResources(manager)).toBeUndefined()
    expect(customerResources(practitioner)).toEqual(['303'])
    expect(customerResources(nobody)).toEqual([])
  })
})
