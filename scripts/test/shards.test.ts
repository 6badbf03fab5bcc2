import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SECONDS, MEASURED_SECONDS, measuredSeconds, shardFiles } from './shards'

const root = fileURLToPath(new URL('../../', import.meta.url))

describe('browser shards cut by measured time (decision 096)', () => {
  it('puts every file in exactly one shard, whatever the files, times and order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.func(fc.integer({ min: 0, max: 300 })),
        (files, count, timeOf) => {
          // one argument only: fc.func answers differently to map's extra ones
          const seconds = (file: string) => timeOf(file)
          const shards = Array.from({ length: count }, (_, i) =>
            shardFiles(files, { index: i + 1, count }, seconds),
          )
          expect(shards.flat().sort()).toEqual([...files].sort())
          // the same split from the files in another order
          const again = shardFiles([...files].reverse(), { index: 1, count }, seconds)
          expect([...again].sort()).toEqual([...(shards[0] ?? [])].sort())
        },
      ),
    )
  })

  it('leaves the shards apart by at most one file', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 2, max: 4 }),
        fc.func(fc.integer({ min: 1, max: 300 })),
        (files, count, timeOf) => {
          const seconds = (file: string) => timeOf(file)
          const loads = Array.from({ length: count }, (_, i) =>
            shardFiles(files, { index: i + 1, count }, seconds).reduce(
              (sum, file) => sum + seconds(file),
              0,
            ),
          )
          const longest = Math.max(...files.map(seconds))
          expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(longest)
        },
      ),
    )
  })

  it('splits the long journeys apart, where vitest cut by count would not have to', () => {
    const files = [
      'tests/journeys/language-sweep.test.ts',
      'tests/journeys/amounts.test.ts',
      'tests/e2e/storefront.test.ts',
      ...Array.from({ length: 30 }, (_, i) => `tests/journeys/j${i}.test.ts`),
    ]
    const first = shardFiles(files, { index: 1, count: 2 }, measuredSeconds)
    expect(first).toContain('tests/journeys/language-sweep.test.ts')
    expect(first).not.toContain('tests/journeys/amounts.test.ts')
    expect(measuredSeconds('tests/journeys/j1.test.ts')).toBe(DEFAULT_SECONDS)
  })

  it('refuses a shard that does not exist', () => {
    expect(() => shardFiles(['a'], { index: 3, count: 2 }, () => 1)).toThrow('no shard 3/2')
    expect(() => shardFiles(['a'], { index: 0, count: 2 }, () => 1)).toThrow()
  })

  it('measures only files that exist: a renamed file would lose its weight', () => {
    for (const file of Object.keys(MEASURED_SECONDS))
      expect(existsSync(root + file), file).toBe(true)
  })
})
