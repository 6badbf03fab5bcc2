import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { randomSample, seededRandom } from './random-sample'

/** docs/decisions/064-error-page-preview-and-shop-times.md: the random product sample. */
describe('randomSample', () => {
  it('draws min(size, length) distinct items of the list, leaving the list as it was', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer(), { maxLength: 40 }),
        fc.integer({ min: -3, max: 50 }),
        fc.string(),
        (items, size, seed) => {
          const before = [...items]
          const sample = randomSample(items, size, seededRandom(seed))
          expect(sample).toHaveLength(Math.max(0, Math.min(size, items.length)))
          expect(new Set(sample).size).toBe(sample.length)
          for (const item of sample) expect(items).toContain(item)
          expect(items).toEqual(before)
        },
      ),
    )
  })

  it('the same seed draws the same sample; the draws reach every item', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f']
    expect(randomSample(items, 3, seededRandom('42'))).toEqual(
      randomSample(items, 3, seededRandom('42')),
    )
    const seen = new Set<string>()
    for (let seed = 0; seed < 200; seed += 1) {
      for (const item of randomSample(items, 1, seededRandom(String(seed)))) seen.add(item)
    }
    expect([...seen].sort()).toEqual(items)
  })

  it('is not the list’s first items: over many seeds each item leads about as often', () => {
    const items = [0, 1, 2, 3]
    const leads = [0, 0, 0, 0]
    for (let seed = 0; seed < 4000; seed += 1) {
      const [first] = randomSample(items, 2, seededRandom(`p${seed}`))
      leads[first ?? 0] = (leads[first ?? 0] ?? 0) + 1
    }
    for (const count of leads) expect(count).toBeGreaterThan(800)
  })

  it('a draw of exactly 1 from a custom source still picks an item of the list', () => {
    expect(randomSample(['x', 'y'], 2, () => 1).sort()).toEqual(['x', 'y'])
  })

  it('seededRandom stays in [0, 1)', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const draw = seededRandom(seed)
        for (let i = 0; i < 20; i += 1) {
          const value = draw()
          expect(value).toBeGreaterThanOrEqual(0)
          expect(value).toBeLessThan(1)
        }
      }),
    )
  })
})
