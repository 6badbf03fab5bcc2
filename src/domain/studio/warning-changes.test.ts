import { describe, expect, it } from 'vitest'
import type { CatalogueWarning } from './catalogue-checks'
import { warningChanges, warningsAt } from './warning-changes'

const w = (code: CatalogueWarning['code'], serviceId: string, shopId?: string) => ({
  code,
  serviceId,
  shopId,
})

describe('what a change left unbookable', () => {
  it('names the warnings it added and those it fixed, not those that stayed', () => {
    const before = [w('noPerformer', 's1', '1'), w('notOffered', 's2')]
    const after = [
      w('notOffered', 's2'),
      w('shopNeverOpen', 's1', '1'),
      w('noPerformer', 's1', '2'),
    ]
    expect(warningChanges(before, after)).toEqual({
      added: [w('shopNeverOpen', 's1', '1'), w('noPerformer', 's1', '2')],
      fixed: [w('noPerformer', 's1', '1')],
    })
    expect(warningChanges(after, after)).toEqual({ added: [], fixed: [] })
  })
  it('keeps the warnings of one shop', () => {
    expect(warningsAt([w('tooLong', 's1', '1'), w('tooLong', 's1', '2')], '2')).toEqual([
      w('tooLong', 's1', '2'),
    ])
  })
})
