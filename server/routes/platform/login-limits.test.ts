import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { platformLoginAttempts } from '#server/db/schema/index.ts'
import { LOGIN_LIMITS } from '#server/services/auth/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * The platform administrators' sign-in under the companies' login limits
 * (server/services/platform/admin-limits.ts): bursts from one address and from many.
 */
let t: TestApi
const admin = { email: 'admin@platform.example', password: 'correct horse battery' }

beforeAll(async () => {
  t = await startTestApi()
  expect((await t.call('/api/admins/register', { json: admin })).status).toBe(200)
})
afterAll(() => t.close())

const signIn = (from: string, password: string, email = admin.email) =>
  t.call('/api/admins/login', {
    json: { email, password },
    headers: { 'x-forwarded-for': from },
  })

describe('the administrators sign-in limits', () => {
  it('admits exactly the limit of a parallel burst of guesses, then locks that address only', async () => {
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn('203.0.113.1', `guess ${i}`)),
    )
    const statuses = burst.map((answer) => answer.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(LOGIN_LIMITS.perAccountAndAddress)
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LOGIN_LIMITS.perAccountAndAddress)
    for (const answer of burst.filter((a) => a.status === 200)) {
      expect(answer.body).toEqual({ errType: 'credentials' })
    }
    // the right password no longer opens from there, still does from elsewhere
    const locked = await signIn('203.0.113.1', admin.password)
    expect(locked.status).toBe(429)
    expect(JSON.stringify(locked.body)).toContain('tooManyAttempts')
    const elsewhere = await signIn('198.51.100.7', admin.password)
    expect(elsewhere.status).toBe(200)
    expect((elsewhere.body as { token?: string }).token).toEqual(expect.any(String))
  })

  it('locks an address spraying many addresses at once, not the others', async () => {
    const spray = await Promise.all(
      Array.from({ length: LOGIN_LIMITS.perAddress + 6 }, (_, i) =>
        signIn('203.0.113.2', 'password-x', `nobody${i}@platform.example`),
      ),
    )
    const admitted = spray.filter((answer) => answer.status === 200)
    expect(admitted).toHaveLength(LOGIN_LIMITS.perAddress)
    expect(spray.filter((answer) => answer.status === 429)).toHaveLength(6)
    expect((await signIn('203.0.113.2', admin.password)).status).toBe(429)
    // many clients each guessing once are each admitted
    const many = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signIn(`192.0.2.${i + 10}`, `guess ${i}`)),
    )
    expect(many.map((answer) => answer.status)).toEqual(Array(8).fill(200))
  })

  it('forgets an address its failures after a success from it', async () => {
    const from = '192.0.2.200'
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress - 1; i++) {
      expect((await signIn(from, `typo ${i}`)).status).toBe(200)
    }
    expect((await signIn(from, admin.password)).body).toMatchObject({ token: expect.any(String) })
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress - 1; i++) {
      expect((await signIn(from, `typo again ${i}`)).status).toBe(200)
    }
    expect((await signIn(from, admin.password)).status).toBe(200)
    // every attempt admitted is recorded; the refused ones are not
    const rows = await t.db.select().from(platformLoginAttempts)
    expect(rows.filter((row) => row.address === '203.0.113.1')).toHaveLength(
      LOGIN_LIMITS.perAccountAndAddress,
    )
  })
})
