import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { accounts, companies, socialIdentities } from '#server/db/schema/index.ts'
import { companyIdOf } from '#server/test/content.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { startTestIssuer, type TestIssuer } from '#server/test/oidc-issuer.ts'

// The OpenID Connect flow against a real issuer (oidc-provider) on loopback.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const SITE = 'http://alpha.localhost:4321'
const CALLBACK = `${SITE}/api/auth/google/callback`
// the sites server's proxy names the visitor's host (trusted: loopback, as in the harness)
const VIA_SITE = { 'x-forwarded-host': 'alpha.localhost:4321', 'x-forwarded-proto': 'http' }

let t: TestApi
let issuer: TestIssuer
const savedSecret = process.env.OIDC_GOOGLE_CLIENT_SECRET

beforeAll(async () => {
  issuer = await startTestIssuer({ redirectUris: [CALLBACK] })
  process.env.OIDC_GOOGLE_CLIENT_SECRET = issuer.clientSecret
  t = await startTestApi({ config: { oidcIssuers: { google: issuer.url, facebook: issuer.url } } })
  const [alpha] = await t.db.select().from(companies).where(eq(companies.host, 'alpha.localhost'))
  const data = alpha?.data ?? {}
  const booker = { ...(data.booker as object), oauthKeys: { google: issuer.clientId } }
  await t.db
    .update(companies)
    .set({ data: { ...data, booker } })
    .where(eq(companies.host, 'alpha.localhost'))
  issuer.person('sub-new', { email: 'new.person@example.com', emailVerified: true })
  issuer.person('sub-unverified', { email: 'known@example.com', emailVerified: false })
  issuer.person('sub-known', { email: 'known@example.com', emailVerified: true })
  issuer.person('sub-linker', { email: 'elsewhere@example.com', emailVerified: false })
  const alphaId = await companyIdOf(t.db, 'alpha.localhost')
  await t.db.insert(accounts).values({
    companyId: alphaId,
    kind: 'customer',
    email: 'known@example.com',
    passwordHash: 'not-a-real-hash',
    profile: { profiles: [], links: [] },
    verifiedAt: new Date(),
  })
})
afterAll(async () => {
  await t?.close()
  await issuer?.close()
  if (savedSecret === undefined) delete process.env.OIDC_GOOGLE_CLIENT_SECRET
  else process.env.OIDC_GOOGLE_CLIENT_SECRET = savedSecret
})

/** One request to the API, redirects not followed. */
async function api(path: string, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers({ ...VIA_SITE, ...init.headers })
  if (init.cookie) headers.set('cookie', init.cookie)
  return fetch(`${t.url}${path}`, { headers, redirect: 'manual' })
}

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1)

/** The issuer's side, as a browser with its own cookies: from the authorization URL to the site. */
async function throughIssuer(authorization: string, sub: string): Promise<URL> {
  issuer.signInAs(sub)
  const jar = new Map<string, string>()
  let next = new URL(authorization)
  for (let hop = 0; hop < 10; hop++) {
    if (next.href.startsWith(SITE)) return next
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    const location = response.headers.get('location')
    if (!location) throw new Error(`issuer stopped at ${next.href}: ${response.status}`)
    next = new URL(location, next)
  }
  throw new Error('too many redirects')
}

interface Started {
  readonly authorization: URL
  readonly flow: string
}

async function start(returnTo = '/en/auth/customer/login?redirect=/en/panier'): Promise<Started> {
  const query = new URLSearchParams({ company: 'alpha-token', return: returnTo })
  const response = await api(`/api/auth/google/start?${query.toString()}`)
  expect(response.status).toBe(302)
  const flow = cookieOf(response, 'sf_oidc_flow')
  expect(flow).toBeDefined()
  expect(response.headers.getSetCookie().join()).toMatch(/HttpOnly/i)
  return { authorization: new URL(response.headers.get('location') ?? ''), flow: flow ?? '' }
}

async function callback(back: URL, flow: string) {
  const response = await api(`${back.pathname}${back.search}`, { cookie: flow })
  return {
    response,
    location: response.headers.get('location') ?? '',
    result: cookieOf(response, 'sf_oidc_result'),
  }
}

async function session(result: string | undefined, company = 'alpha-token') {
  const headers = new Headers({ ...VIA_SITE, company })
  if (result) headers.set('cookie', result)
  const response = await fetch(`${t.url}/api/auth/social/session`, { method: 'POST', headers })
  return (await response.json()) as { token?: string; user?: { email: string }; exist?: boolean }
}

describe('social sign-in by OpenID Connect (GET /api/auth/google/start, /callback)', () => {
  it('sends the browser to the issuer with PKCE (S256), state, nonce and the site callback', async () => {
    const { authorization } = await start()
    expect(authorization.origin).toBe(issuer.url)
    const params = authorization.searchParams
    expect(params.get('client_id')).toBe(issuer.clientId)
    expect(params.get('redirect_uri')).toBe(CALLBACK)
    expect(params.get('response_type')).toBe('code')
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(params.get('code_challenge')?.length).toBeGreaterThan(40)
    expect(params.get('state')?.length).toBeGreaterThan(20)
    expect(params.get('nonce')?.length).toBeGreaterThan(20)
    expect(params.get('scope')).toContain('openid')
  })

  it('creates the customer of a new verified e-mail, signs in and returns to the page', async () => {
    const { authorization, flow } = await start()
    const back = await throughIssuer(authorization.href, 'sub-new')
    const end = await callback(back, flow)
    expect(end.response.status).toBe(303)
    expect(end.location).toBe(`${SITE}/en/auth/customer/login?redirect=/en/panier#social=signed-in`)
    // the flow cookie is spent
    expect(end.response.headers.getSetCookie().join()).toMatch(/sf_oidc_flow=;/)
    const signedIn = await session(end.result)
    expect(signedIn).toMatchObject({ exist: false, user: { email: 'new.person@example.com' } })
    const me = await t.call('/api/users/me', {
      company: 'alpha-token',
      bearer: signedIn.token ?? '',
    })
    expect(me.body).toMatchObject({ email: 'new.person@example.com', noPass: true })
    // the browser drops the result once taken; without it there is no session
    const taken = await fetch(`${t.url}/api/auth/social/session`, {
      method: 'POST',
      headers: { ...VIA_SITE, company: 'alpha-token', cookie: end.result ?? '' },
    })
    expect(taken.headers.getSetCookie().join()).toMatch(/sf_oidc_result=;.*Max-Age=0/i)
    expect(await session(undefined)).toEqual({ errType: 'socialFlowInvalid' })
  })

  it('refuses an unverified e-mail, and does not join the customer of that address', async () => {
    const { authorization, flow } = await start()
    const end = await callback(await throughIssuer(authorization.href, 'sub-unverified'), flow)
    expect(end.location).toMatch(/#social-error=emailNotVerified$/)
    expect(end.result).toBeUndefined()
    const linked = await t.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.providerUserId, 'sub-unverified'))
    expect(linked).toEqual([])
  })

  it('joins the existing customer of a verified e-mail', async () => {
    const { authorization, flow } = await start()
    const end = await callback(await throughIssuer(authorization.href, 'sub-known'), flow)
    expect(end.location).toMatch(/#social=signed-in$/)
    expect(await session(end.result)).toMatchObject({
      exist: true,
      user: { email: 'known@example.com', noPass: false },
    })
  })

  it('refuses a callback whose state is not the flow’s', async () => {
    const { authorization, flow } = await start()
    const back = await throughIssuer(authorization.href, 'sub-new')
    back.searchParams.set('state', 'forged-state-value')
    const end = await callback(back, flow)
    expect(end.location).toMatch(/#social-error=socialFlowInvalid$/)
    expect(end.result).toBeUndefined()
  })

  it('refuses a callback without the flow cookie, or with one of another flow', async () => {
    const first = await start()
    const second = await start()
    const back = await throughIssuer(first.authorization.href, 'sub-new')
    // no flow (expired while at the issuer): the site's sign-in page says so, on the same origin
    const none = await callback(back, '')
    expect(none.response.status).toBe(303)
    expect(none.location).toBe('/auth/customer/login#social-error=socialFlowInvalid')
    expect(none.result).toBeUndefined()
    const other = await callback(back, second.flow)
    expect(other.location).toMatch(/#social-error=socialFlowInvalid$/)
    // a cookie altered by one character is no flow at all
    // (the second-to-last character, replaced by another one: it carries whole bits)
    const altered = `${first.flow.slice(0, -2)}${first.flow.at(-2) === 'A' ? 'B' : 'A'}${first.flow.slice(-1)}`
    expect(altered).not.toBe(first.flow)
    expect((await callback(back, altered)).location).toBe(
      '/auth/customer/login#social-error=socialFlowInvalid',
    )
  })

  it('ends a lost flow on the sign-in page in the language the visitor chose on the site', async () => {
    const back = await throughIssuer((await start()).authorization.href, 'sub-new')
    const lost = (language: string) => callback(back, `i18n_redirected=${language}`)
    expect((await lost('de')).location).toBe(
      '/de/auth/customer/login#social-error=socialFlowInvalid',
    )
    expect((await lost('it')).location).toBe(
      '/it/auth/customer/login#social-error=socialFlowInvalid',
    )
    // a value that is no language of the product: the default language's page
    expect((await lost('xx')).location).toBe('/auth/customer/login#social-error=socialFlowInvalid')
  })

  it('refuses a replayed code', async () => {
    const { authorization, flow } = await start()
    const back = await throughIssuer(authorization.href, 'sub-new')
    expect((await callback(back, flow)).location).toMatch(/#social=signed-in$/)
    const replay = await callback(back, flow)
    expect(replay.location).toMatch(/#social-error=invalidProviderToken$/)
    expect(replay.result).toBeUndefined()
  })

  it('refuses an ID token with another nonce, and a code without the PKCE verifier', async () => {
    const nonce = await start()
    nonce.authorization.searchParams.set('nonce', 'another-nonce-of-an-attacker-0123456789')
    const withNonce = await callback(
      await throughIssuer(nonce.authorization.href, 'sub-new'),
      nonce.flow,
    )
    expect(withNonce.location).toMatch(/#social-error=invalidProviderToken$/)
    expect(t.logs.join('\n')).toMatch(/nonce/)

    const pkce = await start()
    // a challenge the flow's verifier does not answer (a code stolen for another verifier)
    pkce.authorization.searchParams.set('code_challenge', 'A'.repeat(43))
    const withPkce = await callback(
      await throughIssuer(pkce.authorization.href, 'sub-new'),
      pkce.flow,
    )
    expect(withPkce.location).toMatch(/#social-error=invalidProviderToken$/)
  })

  it('says so on the page when the visitor cancels at the issuer', async () => {
    const { flow, authorization } = await start()
    const state = authorization.searchParams.get('state') ?? ''
    const back = new URL(`${CALLBACK}?error=access_denied&state=${state}`)
    expect((await callback(back, flow)).location).toMatch(/#social-error=socialCancelled$/)
  })

  it('sends back to the page with providerNotConfigured for a company without the provider', async () => {
    const query = new URLSearchParams({ company: 'beta-token', return: '/de/auth/customer/login' })
    const response = await api(`/api/auth/google/start?${query.toString()}`, {
      headers: { 'x-forwarded-host': 'beta.localhost:4321' },
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(
      'http://beta.localhost:4321/de/auth/customer/login#social-error=providerNotConfigured',
    )
    expect(cookieOf(response, 'sf_oidc_flow')).toBeUndefined()
  })

  it('never returns to another site, nor starts for a host that is not the company’s', async () => {
    const evil = await start('https://evil.example/steal')
    expect(
      (await callback(await throughIssuer(evil.authorization.href, 'sub-new'), evil.flow)).location,
    ).toBe(`${SITE}/#social=signed-in`)
    const query = new URLSearchParams({ company: 'alpha-token', return: '/' })
    const forged = await api(`/api/auth/google/start?${query.toString()}`, {
      headers: { 'x-forwarded-host': 'evil.example' },
    })
    expect(forged.status).toBe(400)
  })

  it('keeps a sign-in to its company: another company’s session call gets nothing', async () => {
    const { authorization, flow } = await start()
    const end = await callback(await throughIssuer(authorization.href, 'sub-new'), flow)
    expect(await session(end.result, 'beta-token')).toEqual({ errType: 'socialFlowInvalid' })
  })
})

describe('linking and unlinking in the profile', () => {
  async function customer(email: string, passwordHash: string | null) {
    const companyId = await companyIdOf(t.db, 'alpha.localhost')
    const [row] = await t.db
      .insert(accounts)
      .values({
        companyId,
        kind: 'customer',
        email,
        passwordHash,
        profile: { profiles: [], links: [] },
        verifiedAt: new Date(),
      })
      .returning()
    const { issueToken } = await import('#server/services/auth/index.ts')
    const { token } = await issueToken(t.db, {
      companyId,
      kind: 'customer',
      subjectId: row?.id ?? '',
    })
    return token
  }

  async function link(token: string, sub: string) {
    const response = await fetch(`${t.url}/api/auth/social/link`, {
      method: 'POST',
      headers: {
        ...VIA_SITE,
        company: 'alpha-token',
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ provider: 'google', returnTo: '/fr/profile' }),
    })
    expect(response.status).toBe(200)
    const { location } = (await response.json()) as { location: string }
    const flow = cookieOf(response, 'sf_oidc_flow') ?? ''
    return callback(await throughIssuer(location, sub), flow)
  }

  const links = (token: string) =>
    t.call('/api/auth/social/links', { company: 'alpha-token', bearer: token })

  it('links a provider whatever its e-mail, lists it, and unlinks it when a password remains', async () => {
    const token = await customer('linker@example.com', 'not-a-real-hash')
    expect((await links(token)).body).toEqual({ providers: [], noPass: false })
    const end = await link(token, 'sub-linker')
    expect(end.location).toBe(`${SITE}/fr/profile#social=linked`)
    expect((await links(token)).body).toEqual({ providers: ['google'], noPass: false })
    const unlink = await t.call('/api/users/unlink/provider', {
      company: 'alpha-token',
      bearer: token,
      json: { provider: 'google' },
    })
    expect(unlink.status).toBe(200)
    expect((await links(token)).body).toEqual({ providers: [], noPass: false })
  })

  it('refuses to link an identity that signs in another customer', async () => {
    const token = await customer('second@example.com', 'not-a-real-hash')
    // sub-known joined known@example.com above
    const end = await link(token, 'sub-known')
    expect(end.location).toBe(`${SITE}/fr/profile#social-error=socialIdentityTaken`)
    expect((await links(token)).body).toEqual({ providers: [], noPass: false })
  })

  it('refuses to unlink the last way in of an account without password', async () => {
    // new.person@example.com was created by its Google sign-in: no password
    const [row] = await t.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.email, 'new.person@example.com'), eq(accounts.kind, 'customer')))
    const { issueToken } = await import('#server/services/auth/index.ts')
    const { token } = await issueToken(t.db, {
      companyId: row?.companyId ?? 0,
      kind: 'customer',
      subjectId: row?.id ?? '',
    })
    expect((await links(token)).body).toEqual({ providers: ['google'], noPass: true })
    const unlink = await t.call('/api/users/unlink/provider', {
      company: 'alpha-token',
      bearer: token,
      json: { provider: 'google' },
    })
    expect(unlink).toMatchObject({ status: 409, body: { type: 'lastSignInMethod' } })
  })

  it('needs a signed-in customer to start linking', async () => {
    const response = await t.call('/api/auth/social/link', {
      company: 'alpha-token',
      json: { provider: 'google', returnTo: '/fr/profile' },
    })
    expect(response.status).toBe(401)
  })
})
