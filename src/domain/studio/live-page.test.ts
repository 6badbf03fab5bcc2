import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pageGone, pageShowsPublish } from './live-page'

const probe = fc.record({
  status: fc.constantFrom(200, 404, 500, 503),
  etag: fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: null }),
})

describe('a published page is live', () => {
  it('when a page that was missing answers 200', () => {
    expect(pageShowsPublish({ status: 404, etag: null }, { status: 200, etag: '"a"' })).toBe(true)
    expect(pageShowsPublish({ status: 404, etag: null }, { status: 404, etag: null })).toBe(false)
  })

  it('when a page that answered gets a new validator, never before', () => {
    const before = { status: 200, etag: '"a"' }
    expect(pageShowsPublish(before, { status: 200, etag: '"a"' })).toBe(false)
    expect(pageShowsPublish(before, { status: 200, etag: '"b"' })).toBe(true)
    expect(pageShowsPublish(before, { status: 200, etag: null })).toBe(false)
  })

  it('is never live on a page that does not answer 200', () => {
    fc.assert(
      fc.property(probe, probe, (before, now) => {
        if (now.status !== 200) expect(pageShowsPublish(before, now)).toBe(false)
        expect(pageGone(now)).toBe(now.status === 404)
      }),
    )
  })
})
