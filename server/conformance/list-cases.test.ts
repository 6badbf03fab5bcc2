import { describe, expect, it } from 'vitest'
import { listCalls } from '#contract/calls/index.ts'
import { callKey } from './bad-input-cases.ts'
import { LIST_VALUES, listCases, listFields } from './list-cases.ts'
import { validParts } from './samples.ts'

/**
 * docs/decisions/062-visit-bound-and-list-params.md: the contract fuzz finds every list carried by
 * a path or query value, and each list an attacker sends (empty, huge count, huge item, bad
 * separators) is refused by the call's schema, before any work; only the fullest valid list
 * passes. fuzz.test.ts sends them all to the real server (0 × 5xx).
 */
const withLists = listCalls()
  .map((entry) => ({ entry, key: callKey(entry), fields: listFields(entry.def) }))
  .filter((call) => call.fields.length > 0)

describe('list-shaped params', () => {
  it('are found from the contract: every comma-joined list of a path or query', () => {
    const found = withLists.flatMap((call) =>
      call.fields.map((f) => `${call.key} ${f.where} ${f.field}`),
    )
    // the four of the contract today; a new one is found the same way
    expect(found).toEqual(
      expect.arrayContaining([
        'appointments.period query servicesId',
        'appointments.priceTimes query servicesId',
        'eshop.verifyStock path ids',
        expect.stringMatching(/ query shops$/),
      ]),
    )
  })

  it.each(withLists.map((call) => [call.key, call] as const))(
    '%s: every bad list is refused by the schema, the fullest valid one passes',
    (_key, call) => {
      const cases = listCases(call.entry.def, validParts(call.key, call.entry.def))
      const passing = cases.filter((c) => c.mayPass).map((c) => c.name.replace(/^.*: /, ''))
      expect(passing).toEqual(call.fields.map(() => 'the fullest valid list'))
      // '' is not sent in a path (another route)
      const perField = call.fields.map((f): number => (f.where === 'path' ? 1 : 0))
      const expected = perField.reduce((sum, skip) => sum + LIST_VALUES.length - skip, 0)
      expect(cases).toHaveLength(expected)
    },
  )
})
