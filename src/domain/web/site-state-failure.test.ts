import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type CallFailure, isOverload, siteStateAfterFailure } from './site-state-failure'

const answered = (status: number, type?: string): CallFailure => ({ code: status, status, type })
const NO_ANSWER: CallFailure = { code: 503, status: undefined, type: undefined }

describe('failures that change the site state (docs/product/4-states.md)', () => {
  it('a shop data load answered 502, 503 or 504, or not answered at all, is overload', () => {
    for (const status of [502, 503, 504]) expect(isOverload(answered(status))).toBe(true)
    expect(isOverload(NO_ANSWER)).toBe(true)
    expect(siteStateAfterFailure('shopData', answered(503))).toBe('overloaded')
    expect(siteStateAfterFailure('shopData', NO_ANSWER)).toBe('overloaded')
  })

  it('other refusals stay with the screen', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429, 500]) {
      expect(siteStateAfterFailure('shopData', answered(status))).toBeNull()
    }
    // the client refused its own input: a 400 with no HTTP status is not an outage
    expect(isOverload({ code: 400, status: undefined, type: undefined })).toBe(false)
    // a 200 whose body did not match the contract is a 502 of the client, not of the server
    expect(isOverload({ code: 502, status: 200, type: undefined })).toBe(false)
  })

  it('any failure of the company token call is maintenance', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 400, max: 599 }), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (status, type) => {
          const failure = { code: status ?? 503, status, type }
          expect(siteStateAfterFailure('companyToken', failure)).toBe('maintenance')
        },
      ),
    )
  })

  it('a call refused because its company token names no company is the company error (docs/decisions/064-error-page-preview-and-shop-times.md)', () => {
    expect(siteStateAfterFailure('shopData', answered(404, 'societyNotRegister'))).toBe(
      'unregistered',
    )
    expect(siteStateAfterFailure('shopData', answered(404, 'notFound'))).toBeNull()
  })
})
