import { describe, expect, it } from 'vitest'
import { ApiError } from '#api/index'
import { failedSignIn, refusedSignIn } from './sign-in-outcome'

describe('the studio sign-in outcomes', () => {
  it('says locked for the login limits, failed for anything else', () => {
    expect(failedSignIn(new ApiError(429, 'Too many', { status: 429 }))).toBe('locked')
    expect(failedSignIn(new ApiError(503, 'Down', { status: 503 }))).toBe('failed')
    expect(failedSignIn(new ApiError(0, 'Offline'))).toBe('failed')
    expect(failedSignIn(new TypeError('fetch failed'))).toBe('failed')
  })

  it('asks for the e-mailed code past the budget, and keeps asking for a wrong one', () => {
    expect(refusedSignIn('signInCodeRequired')).toEqual({ outcome: 'codeSent', askCode: true })
    expect(refusedSignIn('invalidCode')).toEqual({ outcome: 'badCode', askCode: true })
    for (const errType of ['credentials', 'unknownUser', 'noPassword']) {
      expect(refusedSignIn(errType)).toEqual({ outcome: 'refused', askCode: false })
    }
  })
})
