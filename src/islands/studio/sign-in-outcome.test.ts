import { describe, expect, it } from 'vitest'
import { ApiError } from '#api/index'
import { failedSignIn } from './sign-in-outcome'

describe('failedSignIn', () => {
  it('says locked for the login limits, failed for anything else', () => {
    expect(failedSignIn(new ApiError(429, 'Too many', { status: 429 }))).toBe('locked')
    expect(failedSignIn(new ApiError(503, 'Down', { status: 503 }))).toBe('failed')
    expect(failedSignIn(new ApiError(0, 'Offline'))).toBe('failed')
    expect(failedSignIn(new TypeError('fetch failed'))).toBe('failed')
  })
})
