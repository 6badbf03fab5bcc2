import { describe, expect, it } from 'vitest'
import { availabilityCacheMsFrom, createAvailabilityCache } from './availability-cache.ts'

function clock(start = 0) {
  let time = start
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

function counter() {
  let calls = 0
  return {
    compute: async () => ++calls,
    get calls() {
      return calls
    },
  }
}

describe('availability cache (decision 009)', () => {
  it('reuses an answer within its lifetime, per company and key, and recomputes after it', async () => {
    const time = clock()
    const cache = createAvailabilityCache(1_000, time.now)
    const c = counter()
    expect(await cache.get(1, 'a', c.compute)).toBe(1)
    expect(await cache.get(1, 'a', c.compute)).toBe(1)
    expect(await cache.get(1, 'b', c.compute)).toBe(2)
    expect(await cache.get(2, 'a', c.compute)).toBe(3)
    time.advance(1_000)
    expect(await cache.get(1, 'a', c.compute)).toBe(4)
  })

  it('a write to the company forgets its answers, not those of other companies', async () => {
    const cache = createAvailabilityCache(60_000)
    const c = counter()
    await cache.get(1, 'a', c.compute)
    await cache.get(2, 'a', c.compute)
    cache.invalidate(1)
    expect(await cache.get(1, 'a', c.compute)).toBe(3)
    expect(await cache.get(2, 'a', c.compute)).toBe(2)
    cache.invalidate()
    expect(await cache.get(2, 'a', c.compute)).toBe(4)
  })

  it('an answer computed while a write ran is not kept', async () => {
    const cache = createAvailabilityCache(60_000)
    let release: (value: string) => void = () => undefined
    const slow = cache.get(1, 'a', () => new Promise<string>((resolve) => (release = resolve)))
    cache.invalidate(1)
    release('before the write')
    expect(await slow).toBe('before the write')
    expect(await cache.get(1, 'a', async () => 'after the write')).toBe('after the write')
  })

  it('concurrent misses share one computation; a failure is not cached', async () => {
    const cache = createAvailabilityCache(60_000)
    const c = counter()
    const answers = await Promise.all([1, 2, 3].map(() => cache.get(1, 'a', c.compute)))
    expect(answers).toEqual([1, 1, 1])
    await expect(cache.get(1, 'x', () => Promise.reject(new Error('down')))).rejects.toThrow()
    expect(await cache.get(1, 'x', async () => 'up')).toBe('up')
  })

  it('a lifetime of 0 switches it off; AVAILABILITY_CACHE_MS sets it', async () => {
    const cache = createAvailabilityCache(0)
    const c = counter()
    await cache.get(1, 'a', c.compute)
    await cache.get(1, 'a', c.compute)
    expect(c.calls).toBe(2)
    expect(availabilityCacheMsFrom({})).toBe(2_000)
    expect(availabilityCacheMsFrom({ AVAILABILITY_CACHE_MS: '0' })).toBe(0)
    expect(availabilityCacheMsFrom({ AVAILABILITY_CACHE_MS: 'soon' })).toBe(2_000)
  })
})
