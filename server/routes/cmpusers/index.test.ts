import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { provider as providerSchema } from '#contract/customer.ts'
import { companies, shops } from '#server/db/schema/index.ts'
import { requestPasswordReset } from '#server/services/accounts/index.ts'
import { createNotifier } from '#server/services/notifier/index.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'
import { lastMessage } from '#server/test/users.ts'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let t: TestApi
let staff: string
let customer: string
beforeAll(async () => {
  t = await startTestApi()
  staff = await bearer(t, 'alpha.localhost', 'provider')
  customer = await bearer(t, 'alpha.localhost', 'customer')
  // Alpha's shop is known to the back office as 'AB-1'.
  await t.db
    .update(shops)
    .set({
      data: { slug: 'alpha-centre', publicInfo: { name: 'Alpha Centre' }, artebeauteId: 'AB-1' },
    })
    .where(eq(shops.slug, 'alpha-centre'))
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }

describe('company users: sign-in and me', () => {
  it('logs a provider in and answers me', async () => {
    const res = await t.call('/api/cmpusers/login', {
      ...alpha,
      json: { email: 'STAFF@alpha.example', password: 'alpha-staff-pass' },
    })
    expect(res).toMatchObject({ status: 200, body: { user: { id: 'u2', firstname: 'Sam' } } })
    const { token } = res.body as { token: string }
    const me = await t.call('/api/cmpusers/me', { ...alpha, bearer: token })
    expect(providerSchema.parse(me.body)).toMatchObject({ id: 'u2', email: 'staff@alpha.example' })
  })

  it('answers error types, and a customer cannot sign in here', async () => {
    const login = (email: string, password: string) =>
      t.call('/api/cmpusers/login', { ...alpha, json: { email, password } })
    expect((await login('staff@alpha.example', 'nope')).body).toEqual({ errType: 'credentials' })
    expect((await login('camille@example.com', 'alpha-password-1')).body).toEqual({
      errType: 'unknownUser',
    })
  })

  it('refuses customers, anonymous callers and other companies on provider calls', async () => {
    for (const path of ['/api/cmpusers/me', '/api/cmpusers', '/api/cmpusers/u2']) {
      expect((await t.call(path, { ...alpha, bearer: customer })).body).toMatchObject({
        code: 401,
        type: 'wrongAccountKind',
      })
      expect((await t.call(path, alpha)).status).toBe(401)
      expect((await t.call(path, { company: 'beta-token', bearer: staff })).status).toBe(401)
    }
  })
})

describe('company users: management', () => {
  let createdId = ''

  it('registers a colleague; the same e-mail twice is 409', async () => {
    const json = {
      email: 'Lina@alpha.example',
      password: 'lina-password-1',
      firstname: 'Lina',
      lastname: 'Roy',
    }
    const res = await t.call('/api/cmpusers/register', { ...alpha, bearer: staff, json })
    expect(res).toMatchObject({
      status: 200,
      body: {
        email: 'lina@alpha.example',
        firstname: 'Lina',
        artebeauteIds: [],
        studioRole: 'manager',
      },
    })
    createdId = (res.body as { id: string }).id
    const again = await t.call('/api/cmpusers/register', { ...alpha, bearer: staff, json })
    expect(again).toMatchObject({ status: 409, body: { message: 'Conflict' } })
    const login = await t.call('/api/cmpusers/login', {
      ...alpha,
      json: { email: 'lina@alpha.example', password: 'lina-password-1' },
    })
    expect(login.status).toBe(200)
  })

  it('lists, reads and updates company users of this company only', async () => {
    const list = await t.call('/api/cmpusers', { ...alpha, bearer: staff })
    expect((list.body as { email: string }[]).map((u) => u.email)).toEqual([
      'lina@alpha.example',
      'staff@alpha.example',
    ])
    expect(await t.call(`/api/cmpusers/${createdId}`, { ...alpha, bearer: staff })).toMatchObject({
      status: 200,
      body: { id: createdId, lastname: 'Roy' },
    })
    const put = (json: unknown) =>
      t.call(`/api/cmpusers/${createdId}`, { ...alpha, method: 'PUT', bearer: staff, json })
    expect(
      await put({ email: 'lina.roy@alpha.example', firstname: 'Lina', lastname: 'Roy-Martin' }),
    ).toMatchObject({
      status: 200,
      body: { email: 'lina.roy@alpha.example', lastname: 'Roy-Martin' },
    })
    expect(
      await put({ email: 'staff@alpha.example', firstname: 'L', lastname: 'R' }),
    ).toMatchObject({
      status: 409,
    })
    // A customer id is no company user.
    expect((await t.call('/api/cmpusers/u1', { ...alpha, bearer: staff })).status).toBe(404)
  })

  it('links a company user to one of the company’s back-office shops', async () => {
    const link = (id: string, artebeauteId: string) =>
      t.call(`/api/cmpusers/link/${id}`, { ...alpha, bearer: staff, json: { artebeauteId } })
    expect(await link(createdId, 'AB-1')).toMatchObject({
      status: 200,
      body: { artebeauteIds: ['AB-1'] },
    })
    expect((await link(createdId, 'AB-1')).body).toMatchObject({ artebeauteIds: ['AB-1'] })
    expect(await link(createdId, 'AB-404')).toMatchObject({ status: 404 })
    expect(await link('nobody', 'AB-1')).toMatchObject({ status: 404 })
  })

  it('deletes a colleague but not oneself', async () => {
    expect(
      await t.call('/api/cmpusers/u2', { ...alpha, method: 'DELETE', bearer: staff }),
    ).toMatchObject({
      status: 409,
      body: { type: 'cannotDeleteSelf' },
    })
    const del = () =>
      t.call(`/api/cmpusers/${createdId}`, { ...alpha, method: 'DELETE', bearer: staff })
    expect(await del()).toEqual({ status: 200, body: { ok: true } })
    expect((await del()).status).toBe(404)
  })

  it('keeps another company’s provider out of this company’s users', async () => {
    const beta = await t.call('/api/cmpusers/u2', { company: 'beta-token', bearer: staff })
    expect(beta.status).toBe(401)
  })
})

describe('company users: reset token', () => {
  it('resolves a provider reset token and sets the password with it; a customer’s is refused', async () => {
    const [company] = await t.db
      .select()
      .from(companies)
      .where(eq(companies.host, 'alpha.localhost'))
    if (!company) throw new Error('no alpha')
    // No call of the contract mails a provider reset: the service issues it.
    const deps = {
      db: t.db,
      notifier: createNotifier({ db: t.db, log: () => undefined }),
      config: { log: () => undefined },
    }
    await requestPasswordReset(deps, company, 'provider', 'staff@alpha.example', 'fr')
    const token =
      /password-reset\/([\w-]{43})/.exec(
        (await lastMessage(t, 'staff@alpha.example'))?.body ?? '',
      )?.[1] ?? ''
    expect(await t.call(`/api/users/token/${token}`, alpha)).toMatchObject({ status: 404 })
    expect(await t.call(`/api/cmpusers/token/${token}`, alpha)).toEqual({
      status: 200,
      body: { email: 'staff@alpha.example' },
    })
    const put = await t.call(`/api/cmpusers/token/${token}`, {
      ...alpha,
      method: 'PUT',
      json: { password: 'staff-new-pass-1' },
    })
    expect(put).toEqual({ status: 200, body: { ok: true } })
    // Every session ended with the reset, the staff bearer of this file included.
    expect((await t.call('/api/cmpusers/me', { ...alpha, bearer: staff })).status).toBe(401)
    const login = await t.call('/api/cmpusers/login', {
      ...alpha,
      json: { email: 'staff@alpha.example', password: 'staff-new-pass-1' },
    })
    expect(login.status).toBe(200)
  })
})
