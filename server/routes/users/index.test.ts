import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { customer } from '#contract/customer.ts'
import { accounts } from '#server/db/schema/index.ts'
import { LOGIN_LIMITS } from '#server/services/auth/index.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'
import { companyIdOf } from '#server/test/users.ts'

// scrypt on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let t: TestApi
let provider: string
beforeAll(async () => {
  t = await startTestApi()
  provider = await bearer(t, 'alpha.localhost', 'provider')
  // A customer who signed up with Google and has no password (noPass).
  await t.db.insert(accounts).values({
    companyId: await companyIdOf(t, 'alpha.localhost'),
    kind: 'customer',
    id: 'social-1',
    email: 'social@example.com',
    passwordHash: null,
    profile: { profiles: [{ firstname: 'Noé' }] },
  })
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
/** Each test its own client address, so the per-address limit of one does not leak into another. */
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } })
const login = (
  email: string,
  password: string,
  address = '198.51.100.1',
  company = 'alpha-token',
) => t.call('/api/users/login', { company, json: { email, password }, ...from(address) })

describe('POST /api/users/login', () => {
  it('signs a customer in (e-mail case-insensitive), with token, user and exist', async () => {
    const res = await login('CAMILLE@example.com', 'alpha-password-1')
    expect(res.status).toBe(200)
    const body = res.body as { token: string; user: unknown; exist: boolean }
    expect(body.exist).toBe(true)
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(customer.parse(body.user)).toMatchObject({
      id: 'u1',
      email: 'camille@example.com',
      noPass: false,
      profiles: [{ firstname: 'Camille', lastname: 'Martin', phone: '+33612345678' }],
    })
  })

  it('answers an error type: credentials, unknownUser, noPassword', async () => {
    expect((await login('camille@example.com', 'nope')).body).toEqual({ errType: 'credentials' })
    expect((await login('nobody@example.com', 'nope')).body).toEqual({ errType: 'unknownUser' })
    expect((await login('social@example.com', 'anything')).body).toEqual({ errType: 'noPassword' })
    // A provider is not a customer: the same e-mail and password do not sign in here.
    expect((await login('staff@alpha.example', 'alpha-staff-pass')).body).toEqual({
      errType: 'unknownUser',
    })
    // Beta's camille has her own password.
    const beta = await login(
      'camille@example.com',
      'alpha-password-1',
      '198.51.100.1',
      'beta-token',
    )
    expect(beta.body).toEqual({ errType: 'credentials' })
  })

  it(`locks an account for one address after ${LOGIN_LIMITS.perAccountAndAddress} failures (429), even for the right password`, async () => {
    const attacker = '203.0.113.7'
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      expect((await login('camille@example.com', 'wrong', attacker)).status).toBe(200)
    }
    const locked = await login('camille@example.com', 'alpha-password-1', attacker)
    expect(locked).toMatchObject({ status: 429, body: { code: 429, type: 'tooManyAttempts' } })
    // The same e-mail in another company is another account.
    const beta = await login('camille@example.com', 'beta-password-1', attacker, 'beta-token')
    expect(beta.status).toBe(200)
  })

  it('counts every guess of 50 parallel wrong passwords; the right one after is refused', async () => {
    const attacker = '203.0.113.50'
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => login('camille@example.com', 'wrong', attacker)),
    )
    const checked = burst.filter((res) => res.status === 200)
    expect(checked.length).toBeLessThanOrEqual(LOGIN_LIMITS.perAccountAndAddress)
    expect(
      checked.every((res) => (res.body as { errType?: string }).errType === 'credentials'),
    ).toBe(true)
    expect(burst.filter((res) => res.status === 429)).toHaveLength(50 - checked.length)
    const right = await login('camille@example.com', 'alpha-password-1', attacker)
    expect(right).toMatchObject({ status: 429, body: { code: 429, type: 'tooManyAttempts' } })
  })

  it('does not lock the owner out: wrong passwords from address A, the owner from B signs in', async () => {
    const attackerA = '203.0.113.60'
    await Promise.all(
      Array.from({ length: 20 }, () => login('camille@example.com', 'wrong', attackerA)),
    )
    expect((await login('camille@example.com', 'alpha-password-1', attackerA)).status).toBe(429)
    const owner = await login('camille@example.com', 'alpha-password-1', '198.51.100.200')
    expect(owner.status).toBe(200)
    expect(owner.body).toMatchObject({ exist: true, user: { id: 'u1' } })
  })

  it(`locks a client address after ${LOGIN_LIMITS.perAddress} failures across accounts`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      await login(`spray${i}@example.com`, 'guess', '192.0.2.55')
    }
    const locked = await login('social@example.com', 'guess', '192.0.2.55')
    expect(locked).toMatchObject({ status: 429, body: { type: 'tooManyAttempts' } })
  })
})

describe('GET /api/users/me and logout', () => {
  it('answers null without a bearer, and for a provider session', async () => {
    expect(await t.call('/api/users/me', alpha)).toEqual({ status: 200, body: null })
    expect(await t.call('/api/users/me', { ...alpha, bearer: provider })).toEqual({
      status: 200,
      body: null,
    })
  })

  it('refuses a malformed, unknown or foreign bearer with 401, even though it is optional', async () => {
    const customerToken = await bearer(t, 'alpha.localhost', 'customer')
    const cases = [
      { ...alpha, bearer: 'garbage' },
      { ...alpha, bearer: 'A'.repeat(43) },
      { company: 'beta-token', bearer: customerToken },
    ]
    for (const options of cases) {
      expect(await t.call('/api/users/me', options)).toMatchObject({
        status: 401,
        body: { code: 401, type: 'invalidToken' },
      })
    }
    expect(await t.call('/api/users/me', { ...alpha, bearer: customerToken })).toMatchObject({
      status: 200,
      body: { id: 'u1' },
    })
  })

  it('logs out: the token stops working, and logout needs a customer session', async () => {
    const token = await bearer(t, 'alpha.localhost', 'customer')
    const out = await t.call('/api/users/logout', { ...alpha, method: 'POST', bearer: token })
    expect(out).toEqual({ status: 200, body: { ok: true } })
    expect((await t.call('/api/users/me', { ...alpha, bearer: token })).status).toBe(401)
    const anonymous = await t.call('/api/users/logout', { ...alpha, method: 'POST' })
    expect(anonymous).toMatchObject({ status: 401, body: { type: 'unauthorized' } })
    const asProvider = await t.call('/api/users/logout', {
      ...alpha,
      method: 'POST',
      bearer: provider,
    })
    expect(asProvider).toMatchObject({ status: 401, body: { type: 'wrongAccountKind' } })
  })
})

describe('GET /api/users (providers)', () => {
  it('lists the customers of the provider’s company only', async () => {
    const res = await t.call('/api/users', { ...alpha, bearer: provider })
    expect(res.status).toBe(200)
    const list = (res.body as unknown[]).map((item) => customer.parse(item))
    expect(list.map((u) => u.email)).toEqual(['camille@example.com', 'social@example.com'])
    expect(list[1]?.noPass).toBe(true)
  })

  it('refuses customers, anonymous callers and another company’s provider', async () => {
    const customerToken = await bearer(t, 'alpha.localhost', 'customer')
    const betaProvider = provider // alpha's token presented to beta
    const cases = [
      { options: { ...alpha, bearer: customerToken }, type: 'wrongAccountKind' },
      { options: alpha, type: 'unauthorized' },
      { options: { company: 'beta-token', bearer: betaProvider }, type: 'invalidToken' },
    ]
    for (const { options, type } of cases) {
      expect(await t.call('/api/users', options)).toMatchObject({ status: 401, body: { type } })
    }
  })
})
