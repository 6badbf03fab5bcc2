import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { accounts, companies, passwordResets } from '#server/db/schema/index.ts'
import { RESET_POLICY } from '#server/services/accounts/index.ts'
import { issueToken } from '#server/services/auth/index.ts'
import { renderMail } from '#server/services/notifier/index.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'
import { companyIdOf, lastMessage } from '#server/test/users.ts'

// scrypt on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let t: TestApi
beforeAll(async () => {
  t = await startTestApi()
  await t.db.insert(accounts).values({
    companyId: await companyIdOf(t, 'alpha.localhost'),
    kind: 'customer',
    id: 'social-1',
    email: 'social@example.com',
    passwordHash: null,
  })
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
const login = (email: string, password: string) =>
  t.call('/api/users/login', { ...alpha, json: { email, password } })
const resetLinkToken = (body: string | undefined) =>
  /\/password-reset\/([A-Za-z0-9_-]{43})\b/.exec(body ?? '')?.[1] ?? ''

describe('PUT /api/users/password', () => {
  it('changes the password with the old one; other sessions end, this one stays', async () => {
    const current = await bearer(t, 'alpha.localhost', 'customer')
    const other = await bearer(t, 'alpha.localhost', 'customer')
    // resolved once, so the instance knows it (decision 046): the change must still end it
    expect((await t.call('/api/users/me', { ...alpha, bearer: other })).status).toBe(200)
    const put = (json: unknown) =>
      t.call('/api/users/password', { ...alpha, method: 'PUT', bearer: current, json })
    expect(await put({ oldPassword: 'wrong', newPassword: 'new-password-1' })).toMatchObject({
      status: 403,
      body: { code: 403, type: 'credentials' },
    })
    expect(await put({ oldPassword: 'alpha-password-1', newPassword: 'short' })).toMatchObject({
      status: 400,
      body: { type: 'invalidInput' },
    })
    expect(await put({ oldPassword: 'alpha-password-1', newPassword: 'new-password-1' })).toEqual({
      status: 200,
      body: { ok: true },
    })
    expect((await t.call('/api/users/me', { ...alpha, bearer: current })).status).toBe(200)
    expect((await t.call('/api/users/me', { ...alpha, bearer: other })).status).toBe(401)
    expect((await login('camille@example.com', 'alpha-password-1')).body).toEqual({
      errType: 'credentials',
    })
    expect((await login('camille@example.com', 'new-password-1')).status).toBe(200)
    const stored = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, 'camille@example.com'))
    expect(stored.map((row) => row.passwordHash?.startsWith('scrypt$'))).toEqual([true, true])
  })
})

describe('PUT /api/users/password/set', () => {
  it('gives a first password to an account without one, and only to such an account', async () => {
    const companyId = await companyIdOf(t, 'alpha.localhost')
    const { token } = await issueToken(t.db, { companyId, kind: 'customer', subjectId: 'social-1' })
    const set = (json: unknown) =>
      t.call('/api/users/password/set', { ...alpha, method: 'PUT', bearer: token, json })
    expect((await t.call('/api/users/me', { ...alpha, bearer: token })).body).toMatchObject({
      noPass: true,
    })
    expect(await set({ password: 'first-password-1' })).toEqual({ status: 200, body: { ok: true } })
    expect(await set({ password: 'second-password-1' })).toMatchObject({
      status: 409,
      body: { type: 'passwordAlreadySet' },
    })
    expect((await login('social@example.com', 'first-password-1')).status).toBe(200)
  })
})

describe('password reset by mailed token', () => {
  it('mails a link, resolves it to the e-mail, sets the password once, ends every session', async () => {
    const session = await bearer(t, 'alpha.localhost', 'customer')
    expect((await t.call('/api/users/me', { ...alpha, bearer: session })).status).toBe(200)
    const asked = await t.call('/api/users/password/reset', {
      ...alpha,
      json: { email: 'Camille@Example.com' },
      headers: { curlang: 'en' },
    })
    expect(asked).toEqual({ status: 200, body: { ok: true } })
    const mail = await lastMessage(t, 'camille@example.com')
    expect(mail).toMatchObject({ channel: 'email', subject: 'Alpha Spa - Reset your password' })
    // The site's localized page (docs/product/2-screens.md), on the tenant's host.
    expect(mail?.body).toMatch(
      /http:\/\/alpha\.localhost:4321\/en\/profile\/password-reset\/[A-Za-z0-9_-]{43}\n/,
    )
    const token = resetLinkToken(mail?.body)
    // Its HTML from the template (decision 056): the same link, the token only as its placeholder
    expect(mail?.template).toEqual({
      kind: 'password-reset',
      locale: 'en',
      props: {
        link: 'http://alpha.localhost:4321/en/profile/password-reset/{{secret}}',
        minutes: 60,
      },
    })
    const [alphaCompany] = await t.db
      .select()
      .from(companies)
      .where(eq(companies.host, 'alpha.localhost'))
    const html = (
      await renderMail(mail?.template ?? { kind: '', locale: '', props: {} }, alphaCompany)
    ).html
    expect(html).toContain(
      'href="http://alpha.localhost:4321/en/profile/password-reset/{{secret}}"',
    )
    // Only the hash is stored.
    const stored = await t.db.select().from(passwordResets)
    expect(JSON.stringify(stored)).not.toContain(token)

    expect(await t.call(`/api/users/token/${token}`, alpha)).toEqual({
      status: 200,
      body: { email: 'camille@example.com' },
    })
    // Another company, or the company users' call, does not know this token.
    expect((await t.call(`/api/users/token/${token}`, { company: 'beta-token' })).status).toBe(404)
    expect((await t.call(`/api/cmpusers/token/${token}`, alpha)).status).toBe(404)

    const put = (json: unknown) =>
      t.call(`/api/users/token/${token}`, { ...alpha, method: 'PUT', json })
    expect(await put({ password: 'short' })).toMatchObject({ status: 400 })
    expect(await put({ password: 'reset-password-1' })).toEqual({ status: 200, body: { ok: true } })
    expect(await put({ password: 'again-password-1' })).toMatchObject({
      status: 404,
      body: { code: 404, type: 'invalidResetToken' },
    })
    expect((await t.call(`/api/users/token/${token}`, alpha)).status).toBe(404)
    expect((await t.call('/api/users/me', { ...alpha, bearer: session })).status).toBe(401)
    expect((await login('camille@example.com', 'reset-password-1')).status).toBe(200)
  })

  it('acknowledges an unknown e-mail and sends nothing', async () => {
    const res = await t.call('/api/users/password/reset', {
      ...alpha,
      json: { email: 'ghost@example.com' },
    })
    expect(res).toEqual({ status: 200, body: { ok: true } })
    expect(await lastMessage(t, 'ghost@example.com')).toBeUndefined()
  })

  it('refuses an expired token', async () => {
    await t.call('/api/users/password/reset', { ...alpha, json: { email: 'social@example.com' } })
    const token = resetLinkToken((await lastMessage(t, 'social@example.com'))?.body)
    await t.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) })
    expect((await t.call(`/api/users/token/${token}`, alpha)).status).toBe(404)
  })

  it(`sends at most ${RESET_POLICY.maxPerHour} mails per account and hour, still acknowledging`, async () => {
    const before = (await t.db.select().from(passwordResets)).length
    for (let i = 0; i < RESET_POLICY.maxPerHour + 2; i++) {
      const res = await t.call('/api/users/password/reset', {
        company: 'beta-token',
        json: { email: 'camille@example.com' },
      })
      expect(res.status).toBe(200)
    }
    expect((await t.db.select().from(passwordResets)).length - before).toBe(RESET_POLICY.maxPerHour)
  })
})
