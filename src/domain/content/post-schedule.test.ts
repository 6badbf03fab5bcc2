import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { featuredState, isLiveAt, postState } from './post-schedule'

const MIN = Date.parse('2020-01-01T00:00:00Z')
const MAX = Date.parse('2035-01-01T00:00:00Z')
const time = fc.integer({ min: MIN, max: MAX })
const iso = (ms: number) => new Date(ms).toISOString()

describe('scheduled publication', () => {
  it('a draft is never live; a published post without a date is live at once', () => {
    expect(postState({ published: false, publishedAt: iso(MIN) }, MAX)).toBe('draft')
    expect(postState({ published: true, publishedAt: null }, MIN)).toBe('live')
    expect(postState({ published: true, publishedAt: 'not a date' }, MIN)).toBe('live')
  })

  it('is scheduled strictly before its instant and live from it on', () => {
    fc.assert(
      fc.property(time, time, (at, now) => {
        const post = { published: true, publishedAt: iso(at) }
        expect(postState(post, now)).toBe(at > now ? 'scheduled' : 'live')
        expect(isLiveAt(post, at)).toBe(true)
        expect(isLiveAt(post, at - 1)).toBe(false)
      }),
    )
  })
})

describe('featured window', () => {
  it('is current from start to end inclusive, open ends unbounded', () => {
    fc.assert(
      fc.property(time, time, time, (a, b, now) => {
        const [start, end] = a <= b ? [a, b] : [b, a]
        const state = featuredState({ active: true, start: iso(start), end: iso(end) }, now)
        const expected = now < start ? 'upcoming' : now > end ? 'ended' : 'current'
        expect(state).toBe(expected)
        expect(featuredState({ active: true, start: iso(start) }, now)).toBe(
          now < start ? 'upcoming' : 'current',
        )
        expect(featuredState({ active: false, start: iso(start), end: iso(end) }, now)).toBe('off')
      }),
    )
  })

  it('a window ending before it starts is invalid', () => {
    fc.assert(
      fc.property(time, fc.integer({ min: 1, max: 1e9 }), time, (start, gap, now) => {
        const window = { active: true, start: iso(start), end: iso(start - gap) }
        expect(featuredState(window, now)).toBe('invalid')
      }),
    )
  })
})
