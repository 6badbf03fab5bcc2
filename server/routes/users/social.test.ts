import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { companies } from '#server/db/schema/index.ts'
import { type FakeProviders, startFakeProviders } from '#server/test/fake-social.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

// scrypt on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let t: TestApi
let fake: FakeProviders
const saved = { google: process.env.SOCIAL_GOOGLE_URL, facebook: process.env.SOCIAL_FACEBOOK_URL }

beforeAll(async () => {
  fake = await startFakeProviders()
  process.env.SOCIAL_GOOGLE_URL = fake.url
  process.env.SOCIAL_FACEBOOK_URL = fake.url
  t = await startTestApi()
  // Alpha has apps with both providers (before any request: company rows are cached).
  const [alpha] = await t.db.select().from(companies).where(eq(companies.host, 'alpha.localhost'))
  const data = alpha?.data ?? {}
  const booker = {
    ...(data.booker as object),
    oauthKeys: { google: 'alpha-google', facebook: 'alpha-fb' },
  }
  await t.db
    .update(companies)
    .set({ data: { ...data, booker } })
    .where(eq(companies.host, 'alpha.localhost'))
})
afterAll(async () => {
  await t.close()
  await fake.close()
  for (const [key, value] of [
    ['SOCIAL_GOOGLE_URL', saved.google],
    ['SOCIAL_FACEBOOK_URL', saved.facebook],
  ] as const) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
})

const alpha = { company: 'alpha-token' }
const exp = () => String(Math.floor(Date.now() / 1000) + 600)
const google = (token: string, sub: string, email: string, verified = true) =>
  fake.google(token, { aud: 'alpha-google', sub, email, email_verified: verified, exp: exp() })
const socialLogin = (json: Record<string, unknown>, company = 'alpha-token') =>
  t.call('/api/users/login/provider', { company, json: { provider: 'google', ...json } })

describe('POST /api/users/login/provider', () => {
  it('creates a password-less account on a first Google sign-in, then finds it again', async () => {
    google('tok-new', 'g-100', 'nina@example.com')
    const first = await socialLogin({
      email: 'nina@example.com',
      userID: 'g-100',
      accessToken: 'tok-new',
    })
    expect(first).toMatchObject({
      status: 200,
      body: { exist: false, user: { email: 'nina@example.com', noPass: true } },
    })
    const { token, user } = first.body as { token: string; user: { id: string } }
    expect((await t.call('/api/users/me', { ...alpha, bearer: token })).body).toMatchObject({
      id: user.id,
    })
    const again = await socialLogin({
      email: 'nina@example.com',
      userID: 'g-100',
      accessToken: 'tok-new',
    })
    expect(again).toMatchObject({ status: 200, body: { exist: true, user: { id: user.id } } })
  })

  it('joins the existing account of a Google-verified e-mail', async () => {
    google('tok-camille', 'g-200', 'camille@example.com')
    const res = await socialLogin({
      email: 'camille@example.com',
      userID: 'g-200',
      accessToken: 'tok-camille',
    })
    expect(res).toMatchObject({
      status: 200,
      body: { exist: true, user: { id: 'u1', noPass: false } },
    })
  })

  it('refuses an unverified e-mail, a token of someone else, another app, a refused token', async () => {
    google('tok-unverified', 'g-300', 'victim@example.com', false)
    fake.google('tok-other-app', {
      aud: 'someone-else',
      sub: 'g-400',
      email: 'x@example.com',
      email_verified: true,
      exp: exp(),
    })
    const cases = [
      [
        { email: 'victim@example.com', userID: 'g-300', accessToken: 'tok-unverified' },
        'emailNotVerified',
      ],
      [
        { email: 'nina@example.com', userID: 'g-999', accessToken: 'tok-new' },
        'invalidProviderToken',
      ],
      [
        { email: 'x@example.com', userID: 'g-400', accessToken: 'tok-other-app' },
        'invalidProviderToken',
      ],
      [{ email: 'x@example.com', userID: 'g-400', accessToken: 'made-up' }, 'invalidProviderToken'],
    ] as const
    for (const [json, errType] of cases) {
      expect(await socialLogin(json)).toEqual({ status: 200, body: { errType } })
    }
  })

  it('works with Facebook too, checking the app the token was issued for', async () => {
    fake.facebook('fb-tok', { id: 'fb-1', email: 'omar@example.com' }, 'alpha-fb')
    const ok = await socialLogin({
      provider: 'facebook',
      email: 'omar@example.com',
      userID: 'fb-1',
      accessToken: 'fb-tok',
    })
    expect(ok).toMatchObject({ status: 200, body: { exist: false } })
    fake.facebook('fb-foreign', { id: 'fb-2', email: 'p@example.com' }, 'another-app')
    const foreign = await socialLogin({
      provider: 'facebook',
      email: 'p@example.com',
      userID: 'fb-2',
      accessToken: 'fb-foreign',
    })
    expect(foreign.body).toEqual({ errType: 'invalidProviderToken' })
  })

  it('answers 400 where the company has no app for the provider', async () => {
    google('tok-beta', 'g-500', 'b@example.com')
    const res = await socialLogin(
      { email: 'b@example.com', userID: 'g-500', accessToken: 'tok-beta' },
      'beta-token',
    )
    expect(res).toMatchObject({ status: 400, body: { code: 400, type: 'providerNotConfigured' } })
  })
})

describe('link and unlink a provider', () => {
  it('links Google to the signed-in customer; the identity cannot go to a second account', async () => {
    const session = await bearer(t, 'alpha.localhost', 'customer')
    google('tok-link', 'g-600', 'camille@example.com')
    const link = (json: unknown, token = session) =>
      t.call('/api/users/link/provider', { ...alpha, bearer: token, json })
    // Camille already has Google (g-200, joined above): one identity per provider.
    expect(
      await link({ provider: 'google', userID: 'g-600', accessToken: 'tok-link' }),
    ).toMatchObject({
      status: 409,
      body: { message: 'Conflict' },
    })
    fake.facebook('fb-camille', { id: 'fb-9' }, 'alpha-fb')
    expect(
      await link({ provider: 'facebook', userID: 'fb-9', accessToken: 'fb-camille' }),
    ).toMatchObject({
      status: 200,
      body: { id: 'u1' },
    })
    expect(
      await link({ provider: 'facebook', userID: 'fb-9', accessToken: 'wrong' }),
    ).toMatchObject({
      status: 400,
      body: { type: 'invalidProviderToken' },
    })

    const unlink = (provider: string, token = session) =>
      t.call('/api/users/unlink/provider', { ...alpha, bearer: token, json: { provider } })
    expect(await unlink('facebook')).toMatchObject({ status: 200, body: { id: 'u1' } })
    expect(await unlink('facebook')).toMatchObject({ status: 404 })
  })

  it('keeps the last way in of an account without a password', async () => {
    google('tok-nina', 'g-100', 'nina@example.com')
    const nina = await socialLogin({
      email: 'nina@example.com',
      userID: 'g-100',
      accessToken: 'tok-nina',
    })
    const { token } = nina.body as { token: string }
    const unlink = () =>
      t.call('/api/users/unlink/provider', {
        ...alpha,
        bearer: token,
        json: { provider: 'google' },
      })
    expect(await unlink()).toMatchObject({ status: 409, body: { type: 'lastSignInMethod' } })
    await t.call('/api/users/password/set', {
      ...alpha,
      method: 'PUT',
      bearer: token,
      json: { password: 'nina-password-1' },
    })
    expect(await unlink()).toMatchObject({ status: 200, body: { noPass: false } })
  })

  it('needs a customer session', async () => {
    const provider = await bearer(t, 'alpha.localhost', 'provider')
    const json = { provider: 'google' }
    expect((await t.call('/api/users/unlink/provider', { ...alpha, json })).status).toBe(401)
    expect(
      (await t.call('/api/users/unlink/provider', { ...alpha, bearer: provider, json })).status,
    ).toBe(401)
  })
})
