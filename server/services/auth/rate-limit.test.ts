import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { companies, loginAttempts } from '#server/db/schema/index.ts'
import { Refusal } from '#server/kernel/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { login } from './login.ts'
import { LOGIN_LIMITS } from './rate-limit.ts'

// A fresh database per file; on a busy 2-core machine it takes more than the default 10 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let t: TestApi
let alpha: number

beforeAll(async () => {
  t = await startTestApi()
  alpha =
    (await t.db.select().from(companies)).find((row) => row.host === 'alpha.localhost')?.id ?? -1
})
afterAll(() => t.close())

const attempt = (email: string, password: string, address: string) =>
  login(t.db, { companyId: alpha, kind: 'customer', email, password, address })

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof Refusal ? error : undefined),
  )

describe('login and its rate limit', () => {
  it('logs in with the seeded demo password (email case-insensitive) and issues a token', async () => {
    const result = await attempt('CAMILLE@example.com', 'alpha-password-1', '10.0.0.1')
    expect(result.ok && result.account.id).toBe('u1')
    expect(result.ok && result.token.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await attempt('camille@example.com', 'wrong', '10.0.0.1')).toEqual({
      ok: false,
      reason: 'badPassword',
    })
    expect(await attempt('nobody@example.com', 'x', '10.0.0.1')).toEqual({
      ok: false,
      reason: 'unknown',
    })
  })

  it(`locks an account for one address after ${LOGIN_LIMITS.perAccountAndAddress} failures, even for the right password`, async () => {
    // A success first resets this address's count for the account.
    expect((await attempt('camille@example.com', 'alpha-password-1', '10.0.2.1')).ok).toBe(true)
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      expect((await attempt('camille@example.com', 'bad', '10.0.2.1')).ok).toBe(false)
    }
    const locked = await rejection(attempt('camille@example.com', 'alpha-password-1', '10.0.2.1'))
    expect(locked).toMatchObject({ status: 429, type: 'tooManyAttempts' })
    // The owner from another address is not locked out.
    expect((await attempt('camille@example.com', 'alpha-password-1', '10.0.2.2')).ok).toBe(true)
  })

  it('counts every guess of a parallel burst: at most the limit are checked, the right password after is refused', async () => {
    const from = '10.0.3.1'
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => rejection(attempt('camille@example.com', 'wrong', from))),
    )
    const checked = burst.filter((error) => error === undefined).length
    const refused = burst.filter((error) => error?.status === 429).length
    expect(checked).toBe(LOGIN_LIMITS.perAccountAndAddress)
    expect(refused).toBe(50 - LOGIN_LIMITS.perAccountAndAddress)
    const rows = await t.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, 'camille@example.com'), eq(loginAttempts.address, from)))
    expect(rows).toHaveLength(LOGIN_LIMITS.perAccountAndAddress)
    expect(await rejection(attempt('camille@example.com', 'alpha-password-1', from))).toMatchObject(
      {
        status: 429,
      },
    )
  })

  it(`locks an address after ${LOGIN_LIMITS.perAddress} failures across accounts`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      await attempt(`spray${i}@example.com`, 'guess', '192.0.2.7')
    }
    const locked = await rejection(attempt('staff@alpha.example', 'whatever', '192.0.2.7'))
    expect(locked).toMatchObject({ status: 429 })
    // another address is not affected
    expect(await attempt('spray1@example.com', 'guess', '192.0.2.8')).toMatchObject({ ok: false })
  })
})
