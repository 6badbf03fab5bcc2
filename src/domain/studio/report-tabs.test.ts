import { describe, expect, it } from 'vitest'
import { reportTabs } from './report-tabs'

describe('reportTabs (docs/decisions/076-studio-reports.md)', () => {
  it('opens every report to the owner, the history to a manager, nothing to a practitioner', () => {
    expect(reportTabs({ role: 'owner', ownerTools: true })).toEqual([
      'figures',
      'history',
      'gifts',
      'payments',
    ])
    expect(reportTabs({ role: 'manager', ownerTools: false })).toEqual(['history'])
    expect(reportTabs({ role: 'practitioner', ownerTools: false })).toEqual([])
  })
})
