import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { providerCheckEndsSession } from './provider-check'

/** docs/decisions/063-last-partial-rows-of-the-api.md: which failed provider checks log out. */
describe('providerCheckEndsSession', () => {
  it('a refusal of the API ends the provider session', () => {
    for (const status of [400, 401, 403, 404]) expect(providerCheckEndsSession(status)).toBe(true)
  })

  it('no answer, a timeout, a rate limit or a server error keep it', () => {
    for (const status of [undefined, 408, 429, 500, 502, 503]) {
      expect(providerCheckEndsSession(status)).toBe(false)
    }
  })

  it('an answer that is not a user (a success whose body failed the schema) ends it', () => {
    expect(providerCheckEndsSession(200)).toBe(true)
  })

  it('only 2xx and 4xx statuses other than 408 and 429 end it, whatever the status', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (status) => {
        const refused = status >= 200 && status < 500 && status !== 408 && status !== 429
        expect(providerCheckEndsSession(status)).toBe(refused)
      }),
    )
  })
})
