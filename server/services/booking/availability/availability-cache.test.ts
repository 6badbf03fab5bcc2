import { describe, expect, it } from 'vitest'
import { createAvailabilityCache, type LoadedDays } from './availability-cache.ts'

function clock(start = 0) {
  let time = start
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

/** A day loader that records the ranges it was asked for; each day's value is `${date}#n`. */
function loader(validUntil?: number) {
  const asked: string[] = []
  return {
    asked,
    load: async (from: string, to: string): Promise<LoadedDays<string>> => {
      asked.push(`${from}..${to}`)
      const days = new Map<string, string>()
      for (let d = Number(from.slice(8)); d <= Number(to.slice(8)); d++) {
        const date = `2027-05-${String(d).padStart(2, '0')}`
        days.set(date, `${date}#${asked.length}`)
      }
      return { days, validUntil }
    },
  }
}

const WEEK = ['2027-05-03', '2027-05-04', '2027-05-05']
const SCOPE = { shopId: 's1', resourceIds: ['alice'], dates: ['2027-05-04'] }

describe('availability cache (decisions 009, 035)', () => {
  it('reuses days across questions and loads only the ones it lacks, in one range', async () => {
    const cache = createAvailabilityCache(60_000)
    const days = loader()
    await cache.days(1, 's1', WEEK, days.load)
    await cache.days(1, 's1', ['2027-05-04', '2027-05-05', '2027-05-06', '2027-05-07'], days.load)
    await cache.days(1, 's2', ['2027-05-04'], days.load)
    await cache.days(2, 's1', ['2027-05-04'], days.load)
    expect(days.asked).toEqual([
      '2027-05-03..2027-05-05',
      '2027-05-06..2027-05-07',
      '2027-05-04..2027-05-04',
      '2027-05-04..2027-05-04',
    ])
    expect(cache.stats()).toEqual({ hits: 0, misses: 4 })
    await cache.days(1, 's1', WEEK, days.load)
    expect(cache.stats()).toEqual({ hits: 1, misses: 4 })
  })

  it('a scoped invalidation forgets only the days of that shop it names', async () => {
    const cache = createAvailabilityCache(60_000)
    const days = loader()
    await cache.days(1, 's1', WEEK, days.load)
    await cache.days(1, 's2', WEEK, days.load)
    cache.invalidate(1, SCOPE)
    const again = await cache.days(1, 's1', WEEK, days.load)
    await cache.days(1, 's2', WEEK, days.load)
    expect(days.asked.slice(2)).toEqual(['2027-05-04..2027-05-04'])
    expect(again.get('2027-05-04')).toBe('2027-05-04#3')
    expect(again.get('2027-05-03')).toBe('2027-05-03#1')
  })

  it('a company invalidation forgets its days and catalogues, not other companies; none forgets all', async () => {
    const cache = createAvailabilityCache(60_000)
    const days = loader()
    let loads = 0
    const catalogue = async () => ++loads
    await cache.days(1, 's1', WEEK, days.load)
    await cache.days(2, 's1', WEEK, days.load)
    expect(await cache.catalogue(1, 's1', catalogue)).toBe(1)
    expect(await cache.catalogue(1, 's1', catalogue)).toBe(1)
    cache.invalidate(1, SCOPE)
    expect(await cache.catalogue(1, 's1', catalogue)).toBe(1)
    cache.invalidate(1)
    expect(await cache.catalogue(1, 's1', catalogue)).toBe(2)
    await cache.days(1, 's1', WEEK, days.load)
    await cache.days(2, 's1', WEEK, days.load)
    expect(days.asked).toHaveLength(3)
    cache.invalidate(undefined)
    await cache.days(2, 's1', WEEK, days.load)
    expect(days.asked).toHaveLength(4)
  })

  it('days loaded while the shop was invalidated are used once, not kept', async () => {
    const cache = createAvailabilityCache(60_000)
    let release: () => void = () => undefined
    const days = loader()
    const slow = cache.days(1, 's1', WEEK, async (from, to) => {
      await new Promise<void>((resolve) => (release = resolve))
      return days.load(from, to)
    })
    cache.invalidate(1, SCOPE)
    release()
    expect((await slow).get('2027-05-03')).toBe('2027-05-03#1')
    await cache.days(1, 's1', WEEK, days.load)
    expect(days.asked).toHaveLength(2)
  })

  it('concurrent misses of the same days share one load; a failed load is not kept', async () => {
    const cache = createAvailabilityCache(60_000)
    const days = loader()
    await Promise.all([1, 2, 3].map(() => cache.days(1, 's1', WEEK, days.load)))
    expect(days.asked).toHaveLength(1)
    await expect(
      cache.days(1, 's1', ['2027-05-09'], () => Promise.reject(new Error('down'))),
    ).rejects.toThrow()
    await cache.days(1, 's1', ['2027-05-09'], days.load)
    expect(days.asked).toHaveLength(2)
  })

  it('days expire after the lifetime, or when a hold in them lapses on the booking clock', async () => {
    const time = clock()
    const booking = clock(1_000)
    const cache = createAvailabilityCache(1_000, time.now, booking.now)
    const days = loader(5_000)
    await cache.days(1, 's1', WEEK, days.load)
    await cache.days(1, 's1', WEEK, days.load)
    expect(days.asked).toHaveLength(1)
    time.advance(1_000)
    await cache.days(1, 's1', WEEK, days.load)
    expect(days.asked).toHaveLength(2)
    booking.advance(4_000)
    await cache.days(1, 's1', WEEK, days.load)
    expect(days.asked).toHaveLength(3)
  })

  it('a day or catalogue that outlived its lifetime and loads alike keeps its object; a changed or forgotten one does not (decision 044)', async () => {
    const time = clock()
    const cache = createAvailabilityCache(1_000, time.now)
    // values as objects: equal content, a new object on each load
    let version = 0
    const load = async (from: string, to: string): Promise<LoadedDays<{ v: number }>> => {
      const days = new Map<string, { v: number }>()
      for (const date of WEEK) if (date >= from && date <= to) days.set(date, { v: version })
      return { days }
    }
    const catalogue = async () => ({ shop: 's1', v: version })
    const first = await cache.days(1, 's1', WEEK, load)
    const shop = await cache.catalogue(1, 's1', catalogue)
    time.advance(60_000)
    const outlived = await cache.days(1, 's1', WEEK, load)
    for (const date of WEEK) expect(outlived.get(date)).toBe(first.get(date))
    expect(await cache.catalogue(1, 's1', catalogue)).toBe(shop)
    // still the same objects once cached again
    expect((await cache.days(1, 's1', WEEK, load)).get('2027-05-03')).toBe(first.get('2027-05-03'))
    time.advance(60_000)
    version = 1
    const changed = await cache.days(1, 's1', WEEK, load)
    expect(changed.get('2027-05-03')).not.toBe(first.get('2027-05-03'))
    expect(changed.get('2027-05-03')).toEqual({ v: 1 })
    expect(await cache.catalogue(1, 's1', catalogue)).toEqual({ shop: 's1', v: 1 })
    // a forgotten day or catalogue has no entry left to compare with: a new object, even if alike
    cache.invalidate(1, SCOPE)
    const forgotten = await cache.days(1, 's1', WEEK, load)
    expect(forgotten.get('2027-05-04')).not.toBe(changed.get('2027-05-04'))
    expect(forgotten.get('2027-05-04')).toEqual(changed.get('2027-05-04'))
    expect(forgotten.get('2027-05-03')).toBe(changed.get('2027-05-03'))
    const before = await cache.catalogue(1, 's1', catalogue)
    cache.invalidate(1)
    expect(await cache.catalogue(1, 's1', catalogue)).not.toBe(before)
  })

  it('a lifetime of 0 switches it off', async () => {
    const cache = createAvailabilityCache(0)
    const days = loader()
    await cache.days(1, 's1', WEEK, days.load)
    await cache.days(1, 's1', WEEK, days.load)
    expect(days.asked).toHaveLength(2)
  })
})
