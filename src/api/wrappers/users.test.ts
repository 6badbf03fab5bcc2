import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '#support/fake-api-server'
import { closedUrl, contextAt, startServer } from '#support/fake-api-server'
import { createApi } from '../client'
import type { ApiContext } from '../context'
import { ApiError } from '../errors'

const user = { id: 'u1', email: 'lea@example.com' }
const credentials = { email: 'lea@example.com', password: 'secret-pass' }
const profile = { firstname: 'Léa', lastname: 'Martin' }
const quiet = { report: () => {} }

let server: TestServer
let closed: string
beforeAll(async () => {
  server = await startServer()
  closed = await closedUrl()
})
afterAll(() => server.close())

/** A client whose sign-out hooks count their calls. */
function signedIn(url: string, extra: Partial<ApiContext> = {}) {
  const signOuts = { customer: 0, provider: 0 }
  const ctx = contextAt(url, {
    ...quiet,
    customerToken: 'cus-1',
    onCustomerSignOut: () => {
      signOuts.customer++
    },
    onProviderSignOut: () => {
      signOuts.provider++
    },
    ...extra,
  })
  return { api: createApi(ctx), signOuts }
}

describe('docs/product/4-states.md, docs/product/8-errors.md customer sign-in check', () => {
  it('users.me returns the customer while the session is good', async () => {
    server.reply('/api/users/me', { json: user })
    const { api, signOuts } = signedIn(server.url)
    await expect(api.users.me()).resolves.toMatchObject({ id: 'u1', noPass: false })
    expect(signOuts.customer).toBe(0)
  })

  it('a failed users.me signals logout and answers null', async () => {
    server.reply('/api/users/me', { status: 401, json: { code: 401, message: 'Non connecté' } })
    const { api, signOuts } = signedIn(server.url)
    await expect(api.users.me()).resolves.toBeNull()
    expect(signOuts.customer).toBe(1)
  })

  it('a missing user or a missing token signals logout too', async () => {
    server.reply('/api/users/me', { json: null })
    const { api, signOuts } = signedIn(server.url)
    await expect(api.users.me()).resolves.toBeNull()
    const before = server.requests.length
    const anonymous = signedIn(server.url, { customerToken: null })
    await expect(anonymous.api.users.me()).resolves.toBeNull()
    expect(server.requests.length).toBe(before)
    expect([signOuts.customer, anonymous.signOuts.customer]).toEqual([1, 1])
  })

  it('a failed provider check signs the provider out', async () => {
    server.reply('/api/cmp-users/me', { status: 401, json: { message: 'Non connecté' } })
    const { api, signOuts } = signedIn(server.url, { providerToken: 'pro-1' })
    await expect(api.cmpusers.me()).resolves.toBeNull()
    expect(signOuts).toEqual({ customer: 0, provider: 1 })
  })
})

describe('docs/decisions/063-last-partial-rows-of-the-api.md provider start-up check', () => {
  const staff = { id: 'u2', email: 'staff@example.com', firstname: 'Sam', lastname: 'Roy' }

  it('asks GET /api/cmp-users/me with the provider bearer and keeps a good session', async () => {
    server.reply('/api/cmp-users/me', { json: staff })
    const { api, signOuts } = signedIn(server.url, { providerToken: 'pro-1', customerToken: null })
    await expect(api.cmpusers.me()).resolves.toMatchObject({ id: 'u2' })
    const request = server.requests.at(-1)
    expect(request?.url.pathname).toBe('/api/cmp-users/me')
    expect(request?.headers.authorization).toBe('Bearer pro-1')
    expect(signOuts.provider).toBe(0)
  })

  it('logs out on every refusal (401, 403, 404) and on a missing user', async () => {
    for (const status of [401, 403, 404]) {
      server.reply('/api/cmp-users/me', { status, json: { code: status, message: 'Non' } })
      const { api, signOuts } = signedIn(server.url, { providerToken: 'pro-1' })
      await expect(api.cmpusers.me()).resolves.toBeNull()
      expect(signOuts.provider, String(status)).toBe(1)
    }
    server.reply('/api/cmp-users/me', { json: null })
    const missing = signedIn(server.url, { providerToken: 'pro-1' })
    await expect(missing.api.cmpusers.me()).resolves.toBeNull()
    expect(missing.signOuts.provider).toBe(1)
  })

  it('keeps the session when the API is down or failing, and asks nothing without a token', async () => {
    for (const status of [500, 503, 429]) {
      server.reply('/api/cmp-users/me', { status, json: { code: status, message: 'Non' } })
      const { api, signOuts } = signedIn(server.url, { providerToken: 'pro-1' })
      await expect(api.cmpusers.me()).resolves.toBeNull()
      expect(signOuts.provider, String(status)).toBe(0)
    }
    const down = signedIn(closed, { providerToken: 'pro-1' })
    await expect(down.api.cmpusers.me()).resolves.toBeNull()
    expect(down.signOuts.provider).toBe(0)
    const before = server.requests.length
    const none = signedIn(server.url, { providerToken: null })
    await expect(none.api.cmpusers.me()).resolves.toBeNull()
    expect([server.requests.length, none.signOuts.provider]).toEqual([before, 1])
  })
})

describe('docs/product/8-errors.md login error type', () => {
  it('docs/product/7-calls.md: a successful login returns token, user and exist', async () => {
    server.reply('/api/users/login', { json: { token: 't'.repeat(32), user, exist: true } })
    const { api } = signedIn(server.url)
    await expect(api.users.login({ body: credentials })).resolves.toMatchObject({ exist: true })
  })

  it('a refused login returns the error type of the body', async () => {
    server.reply('/api/users/login', {
      status: 401,
      json: { errType: 'credentials', message: 'Refusé' },
    })
    const { api } = signedIn(server.url)
    await expect(api.users.login({ body: credentials })).resolves.toEqual({
      errType: 'credentials',
    })
  })

  it("login without a response returns errType 'server'", async () => {
    const { api } = signedIn(closed)
    await expect(api.users.login({ body: credentials })).resolves.toEqual({ errType: 'server' })
  })
})

describe('docs/product/8-errors.md password and profile updates', () => {
  it('password update and set answer true on success, false on failure', async () => {
    const { api } = signedIn(server.url)
    const body = { oldPassword: 'old-password', newPassword: 'new-password-1' }
    server.reply('/api/users/password', { json: { ok: true } })
    server.reply('/api/users/password/set', { json: { ok: true } })
    const setBody = { password: 'new-password-1' }
    expect(await api.users.passwordUpdate({ body })).toBe(true)
    expect(await api.users.passwordSet({ body: setBody })).toBe(true)
    server.reply('/api/users/password', { status: 400, json: { message: 'Mot de passe faux' } })
    server.reply('/api/users/password/set', { status: 500, json: {} })
    expect(await api.users.passwordUpdate({ body })).toBe(false)
    expect(await api.users.passwordSet({ body: setBody })).toBe(false)
  })

  it("a profile update fails with 409 when the message is 'Conflict'", async () => {
    server.reply('/api/profiles', { status: 409, json: { code: 409, message: 'Conflict' } })
    const error = await signedIn(server.url)
      .api.users.profileUpdate({ body: profile })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 409, message: 'Conflict' })
  })

  it('any other profile update failure is a 500', async () => {
    server.reply('/api/profiles', {
      status: 422,
      json: { code: 422, message: 'Téléphone invalide' },
    })
    const error = await signedIn(server.url)
      .api.users.profileUpdate({ body: profile })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 500, message: 'Téléphone invalide' })
  })
})
