import { describe, expect, it } from 'vitest'
import { areaOf, countChecks } from './checks'

describe('counting what the tests check', () => {
  it('counts tests, assertions and properties in test files only, by area', () => {
    const counts = countChecks([
      {
        path: 'server/services/a.test.ts',
        text: `import { testApi } from '#server/test/harness.ts'
it('one', () => { expect(1).toBe(1); expect.poll(() => 2).toBe(2) })
it.each([1, 2])('two %i', (n) => { expect(n).toBeGreaterThan(0) })
test.concurrent('three', () => { fc.assert(fc.property(fc.nat(), (n) => { expect(n >= 0).toBe(true) })) })
// a word like edit( or unexpect( is neither
const audit = () => submit(); unexpected()`,
      },
      { path: 'server/services/pricing/totals.test.ts', text: `it('z', () => expect(1).toBe(1))` },
      { path: 'tests/journeys/b.test.ts', text: `it('x', () => { expect.soft(1).toBe(1) })` },
      {
        path: 'src/domain/c.test.tsx',
        text: `it('y', () => { assert.equal(1, 1); assert(true) })`,
      },
      { path: 'src/domain/c.ts', text: `it('not a test file', () => expect(1))` },
    ])
    expect(counts.api).toEqual({ files: 1, tests: 3, assertions: 4, properties: 1 })
    expect(counts['server rules']).toEqual({ files: 1, tests: 1, assertions: 1, properties: 0 })
    expect(counts.journeys).toEqual({ files: 1, tests: 1, assertions: 1, properties: 0 })
    expect(counts['beside the code']).toEqual({ files: 1, tests: 1, assertions: 2, properties: 0 })
    expect(counts.e2e.files).toBe(0)
  })

  it('places each test file in the area vitest runs it in', () => {
    expect(
      areaOf('server/conformance/fuzz.test.ts', "import { t } from '../test/harness.ts'"),
    ).toBe('api')
    expect(
      areaOf('server/services/x/y.test.ts', "import { a } from '../../../test/orders.ts'"),
    ).toBe('api')
    expect(areaOf('server/services/orders/rules.test.ts', "import { r } from './rules.ts'")).toBe(
      'server rules',
    )
    expect(areaOf('tests/site/prices.test.ts')).toBe('e2e')
    expect(areaOf('tests/e2e/smoke.test.ts')).toBe('e2e')
    expect(areaOf('tests/journeys/amounts.test.ts')).toBe('journeys')
    expect(areaOf('scripts/test/lanes.test.ts')).toBe('beside the code')
  })
})
