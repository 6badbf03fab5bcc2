import { describe, expect, test } from 'vitest'
import { loginResponse, registerStep2Response } from './auth'

const user = { id: 1001, email: 'camille@example.com', profiles: [{ firstname: 'Camille' }] }

describe('auth', () => {
  test('docs/product/4-states.md, docs/product/7-calls.md: a successful login carries token, user and exist', () => {
    const r = loginResponse.parse({ token: 't0k', user, exist: true })
    expect('token' in r && r.user.id).toBe('1001')
  })

  test('docs/decisions/054-messages-on-nodemailer.md: a login may name the contacts that could not be reached', () => {
    const r = loginResponse.parse({
      token: 't0k',
      user: { ...user, unreachable: ['phone'] },
      exist: true,
    })
    expect('token' in r && r.user.unreachable).toEqual(['phone'])
    const plain = loginResponse.parse({ token: 't0k', user, exist: true })
    expect('token' in plain && plain.user.unreachable).toBeUndefined()
    const unknown = { token: 't0k', user: { ...user, unreachable: ['fax'] }, exist: true }
    expect(loginResponse.safeParse(unknown).success).toBe(false)
  })

  test('docs/product/8-errors.md: a refused login carries an error type', () => {
    const r = loginResponse.parse({ errType: 'credentials' })
    expect(r).toEqual({ errType: 'credentials' })
  })

  test('docs/product/8-errors.md: a body with neither is refused', () => {
    expect(loginResponse.safeParse({ message: 'nope' }).success).toBe(false)
  })

  test('docs/product/4-states.md: registration step 2 may require an SMS code before giving a token', () => {
    const r = registerStep2Response.parse({ user, requireSMSCode: true })
    expect(r.requireSMSCode).toBe(true)
    expect(r.token).toBeUndefined()
  })
})
