import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { post } from '#contract/post'
import { localYear } from '#domain/content/calendar-year'
import { currentItems } from '#domain/content/current-items'
import { couponWords } from '#domain/coupon/word-cloud'
import { isFeatured } from '#site/posts'
import {
  DEFAULT_SPACING,
  firesAfter,
  fireTime,
  flipsBetween,
  isDueFire,
  type Spacing,
  type TimedContent,
} from './rules.ts'

/**
 * The boundaries of docs/decisions/059-rebuilds-at-content-boundaries.md checked against what the
 * build itself renders: the featured badge (src/site/posts.ts), the pop-up's offers
 * (src/domain/coupon/word-cloud.ts), the bell's place (src/site/bell.ts) and the footer's year (src/domain/content/calendar-year.ts).
 * Between two flips nothing a page shows changes; at each flip something does.
 */
const T0 = Date.UTC(2026, 0, 1)
const DAY = 86_400_000
const instant = fc.integer({ min: T0, max: T0 + 60 * DAY })
const iso = (ms: number) => new Date(ms).toISOString()
const maybeIso = fc.option(instant.map(iso), { nil: undefined })
const window = fc.record({ start: maybeIso, end: maybeIso })
const zones = fc.constantFrom(
  'Europe/Paris',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Pacific/Kiritimati',
  'America/St_Johns',
  'Asia/Kathmandu',
  'UTC',
)
const content: fc.Arbitrary<TimedContent> = fc.record({
  featured: fc.array(window, { maxLength: 4 }),
  offers: fc.array(window, { maxLength: 4 }),
  notices: fc.array(window, { maxLength: 4 }),
  timeZones: fc.uniqueArray(zones, { minLength: 1, maxLength: 3 }),
})

/** Everything the build would print that depends on the clock, for `at`. */
function rendered(timed: TimedContent, at: number): string {
  const featured = timed.featured.map((vedette) =>
    isFeatured(
      post.parse({ id: '1', slug: 'p', title: { fr: 'p' }, vedette: { active: true, ...vedette } }),
      at,
    ),
  )
  const coupons = timed.offers.map((offer, index) => ({ ...offer, word: `w${index}` }))
  const words = couponWords(coupons, at, () => '', 'none')
  const bell = currentItems(timed.notices ?? [], at).length > 0
  const years = timed.timeZones.map((zone) => localYear(at, zone))
  return JSON.stringify({ featured, words, bell, years })
}

describe('content boundaries', () => {
  it('what a page shows changes at each flip and nowhere between', () => {
    fc.assert(
      fc.property(
        content,
        instant,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }),
        (timed, now, shares) => {
          const until = now + 400 * DAY
          const flips = flipsBetween(timed, now, until)
          for (const flip of flips)
            expect(rendered(timed, flip)).not.toBe(rendered(timed, flip - 1))
          const edges = [now, ...flips, until + 1]
          for (let i = 0; i + 1 < edges.length; i += 1) {
            const from = edges[i] as number
            const to = edges[i + 1] as number
            for (const share of shares) {
              expect(rendered(timed, from + Math.floor((to - 1 - from) * share))).toBe(
                rendered(timed, from),
              )
            }
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('a scheduled post flips at its publication instant, once', () => {
    const timed = {
      featured: [],
      scheduled: ['2026-04-01T08:00:00.000Z', '2025-01-01T00:00:00.000Z'],
      offers: [],
      timeZones: ['Europe/Paris'],
    }
    expect(flipsBetween(timed, T0, Date.UTC(2026, 11, 1)).map(iso)).toEqual([
      '2026-04-01T08:00:00.000Z',
    ])
  })

  it('a post featured from start to end, an offer current strictly inside its dates', () => {
    const timed = {
      featured: [{ start: '2026-03-01T10:00:00.000Z', end: '2026-03-02T10:00:00.000Z' }],
      offers: [
        { start: '2026-03-05T00:00:00.000Z', end: '2026-03-06T00:00:00.000Z' },
        { end: '2026-03-07T00:00:00.000Z' },
      ],
      timeZones: ['Europe/Paris'],
    }
    expect(flipsBetween(timed, T0, Date.UTC(2026, 11, 1)).map(iso)).toEqual([
      '2026-03-01T10:00:00.000Z',
      '2026-03-02T10:00:00.001Z',
      '2026-03-05T00:00:00.001Z',
      '2026-03-06T00:00:00.000Z',
    ])
    // the footer's year: local midnight of 1 January in Paris
    expect(flipsBetween(timed, Date.UTC(2026, 11, 1), Date.UTC(2027, 1, 1)).map(iso)).toEqual([
      '2026-12-31T23:00:00.000Z',
    ])
  })
})

const spacing = fc.record({
  bucketMs: fc.integer({ min: 1, max: 10 * 60_000 }),
  spreadMs: fc.integer({ min: 0, max: 30 * 60_000 }),
})
const company = fc.integer({ min: 1, max: 1_000_000 })

describe('rebuild fires', () => {
  it('each flip is answered by one fire no earlier than it and within bucket + spread', () => {
    fc.assert(
      fc.property(content, company, instant, spacing, (timed, id, now, space: Spacing) => {
        const until = now + 30 * DAY
        const fires = firesAfter(timed, id, now, until, space)
        expect(fires).toEqual([...new Set(fires)].sort((a, b) => a - b))
        for (const fire of fires) expect(isDueFire(timed, id, fire, space)).toBe(true)
        for (const flip of flipsBetween(timed, now, until)) {
          const fire = fireTime(flip, id, space)
          expect(fire).toBeGreaterThanOrEqual(flip)
          expect(fire - flip).toBeLessThan(space.bucketMs + Math.max(space.spreadMs, 1000))
          if (fire <= until) expect(fires).toContain(fire)
        }
        // past until: only the first one, the one a planner queues next
        expect(fires.filter((fire) => fire > until).length).toBeLessThanOrEqual(1)
      }),
      { numRuns: 300 },
    )
  })

  it('a fire no current flip leads to is stale', () => {
    fc.assert(
      fc.property(content, company, instant, (timed, id, at) => {
        const due = firesAfter(timed, id, at - 30 * DAY, at + 30 * DAY, DEFAULT_SPACING)
        fc.pre(!due.includes(at))
        expect(isDueFire(timed, id, at, DEFAULT_SPACING)).toBe(false)
      }),
      { numRuns: 300 },
    )
  })

  it('flips within one bucket are one rebuild', () => {
    const start = Date.UTC(2026, 4, 4, 9, 0, 1)
    const featured = Array.from({ length: 50 }, (_, i) => ({ start: iso(start + i * 2000) }))
    const timed = { featured, offers: [], timeZones: ['Europe/Paris'] }
    const fires = firesAfter(timed, 7, start - 1, start + DAY, DEFAULT_SPACING)
    // the one rebuild of the day, then the next planned one (the footer's new year)
    expect(fires).toHaveLength(2)
    expect(fires[1]).toBeGreaterThan(start + DAY)
    expect(fires[0]).toBeGreaterThanOrEqual(start + 49 * 2000)
  })

  it('a thousand tenants sharing a new year start spread over the window, the same on every instance', () => {
    const timed = { featured: [], offers: [], timeZones: ['Europe/Paris'] }
    const newYear = Date.parse('2026-12-31T23:00:00Z')
    const fires = Array.from({ length: 1000 }, (_, i) =>
      firesAfter(timed, i + 1, newYear - DAY, newYear + 1, DEFAULT_SPACING),
    )
    const first = fires.map((list) => list[0] as number)
    for (const fire of first) {
      expect(fire).toBeGreaterThanOrEqual(newYear)
      expect(fire).toBeLessThan(newYear + DEFAULT_SPACING.spreadMs)
    }
    const perMinute = new Map<number, number>()
    for (const fire of first)
      perMinute.set(Math.floor(fire / 60_000), (perMinute.get(Math.floor(fire / 60_000)) ?? 0) + 1)
    // 10 minutes of spread: about 100 a minute, never the thousand at once
    expect(Math.max(...perMinute.values())).toBeLessThanOrEqual(150)
    expect(first).toEqual(
      Array.from(
        { length: 1000 },
        (_, i) => firesAfter(timed, i + 1, newYear - DAY, newYear + 1, DEFAULT_SPACING)[0],
      ),
    )
  })
})
