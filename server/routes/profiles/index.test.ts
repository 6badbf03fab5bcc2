import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { accounts, companies } from '#server/db/schema/index.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'
import { registerCustomer } from '#server/test/users.ts'

// scrypt on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let t: TestApi
let provider: string
let camille: string
beforeAll(async () => {
  t = await startTestApi()
  provider = await bearer(t, 'alpha.localhost', 'provider')
  camille = await bearer(t, 'alpha.localhost', 'customer')
  // Camille's back-office code, as the back office would have written it.
  const [alpha] = await t.db.select().from(companies).where(eq(companies.host, 'alpha.localhost'))
  await t.db
    .update(accounts)
    .set({ profile: sql`jsonb_set(${accounts.profile}, '{profiles,0,code}', '"C-0042"')` })
    .where(and(eq(accounts.companyId, alpha?.id ?? -1), eq(accounts.id, 'u1')))
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }

describe('GET /api/profiles/phoneavailable', () => {
  // docs/decisions/061-sign-in-budget.md: an anonymous caller learns nothing about accounts (the
  // bursts are server/routes/profiles/phone-available.test.ts).
  it('answers available for a taken number as for a free one, in any spelling', async () => {
    const ask = (phone: string, company = 'alpha-token') =>
      t.call(`/api/profiles/phoneavailable?phone=${encodeURIComponent(phone)}`, { company })
    for (const phone of ['+33612345678', '06 12 34 56 78', '0033 6.12.34.56.78', '+33699999999']) {
      expect(await ask(phone)).toEqual({ status: 200, body: { available: true } })
    }
    expect((await ask('+33612345678', 'beta-token')).body).toEqual({ available: true })
    expect(await ask('phone!')).toMatchObject({ status: 400, body: { type: 'invalidInput' } })
    expect(await ask('000000')).toMatchObject({ status: 400, body: { type: 'invalidInput' } })
  })
})

describe('provider look-ups', () => {
  it('finds a profile by national number and country, or answers null', async () => {
    const res = await t.call('/api/profiles/phone?phone=0612345678&country=FR', {
      ...alpha,
      bearer: provider,
    })
    expect(res).toEqual({
      status: 200,
      body: { firstname: 'Camille', lastname: 'Martin', phone: '+33612345678', code: 'C-0042' },
    })
    const swiss = await t.call('/api/profiles/phone?phone=0612345678&country=CH', {
      ...alpha,
      bearer: provider,
    })
    expect(swiss).toEqual({ status: 200, body: null })
  })

  it('finds a profile by back-office code', async () => {
    const found = await t.call('/api/profiles/code?code=C-0042', { ...alpha, bearer: provider })
    expect(found.body).toMatchObject({ firstname: 'Camille' })
    const none = await t.call('/api/profiles/code?code=C-9999', { ...alpha, bearer: provider })
    expect(none).toEqual({ status: 200, body: null })
  })

  it('refuses customers and anonymous callers', async () => {
    for (const path of [
      '/api/profiles/phone?phone=0612345678&country=FR',
      '/api/profiles/code?code=C-0042',
    ]) {
      expect((await t.call(path, { ...alpha, bearer: camille })).status).toBe(401)
      expect((await t.call(path, alpha)).status).toBe(401)
    }
  })
})

describe('POST and PUT /api/profiles', () => {
  it('fills the empty profile of a new account, then changes it', async () => {
    const { token } = await registerCustomer(t, {
      company: 'alpha-token',
      email: 'hugo@example.com',
      phone: '+33655443322',
      password: 'hugo-password-1',
    })
    const created = await t.call('/api/profiles', {
      ...alpha,
      bearer: token,
      json: { firstname: 'Hugo', lastname: 'Petit', city: 'Lyon' },
    })
    expect(created).toMatchObject({
      status: 200,
      body: {
        email: 'hugo@example.com',
        profiles: [{ firstname: 'Hugo', city: 'Lyon', phone: '+33655443322' }],
      },
    })
    const updated = await t.call('/api/profiles', {
      ...alpha,
      method: 'PUT',
      bearer: token,
      json: { firstname: 'Hugo', lastname: 'Petit-Roux', phone: '06 55 44 33 11', code: 'HACK' },
    })
    expect(updated.status).toBe(200)
    // city kept, phone normalised, code not the customer's to set
    expect((updated.body as { profiles: unknown[] }).profiles[0]).toEqual({
      firstname: 'Hugo',
      lastname: 'Petit-Roux',
      city: 'Lyon',
      phone: '+33655443311',
    })
    expect((await t.call('/api/users/me', { ...alpha, bearer: token })).body).toMatchObject({
      profiles: [{ lastname: 'Petit-Roux' }],
    })
  })

  it('answers 409 Conflict when the phone belongs to another customer, and changes nothing', async () => {
    const res = await t.call('/api/profiles', {
      ...alpha,
      method: 'PUT',
      bearer: camille,
      json: { firstname: 'Camille', lastname: 'Martin', phone: '+33655443311' },
    })
    expect(res).toEqual({ status: 409, body: { code: 409, message: 'Conflict', type: 'conflict' } })
    const me = await t.call('/api/users/me', { ...alpha, bearer: camille })
    expect(me.body).toMatchObject({ profiles: [{ phone: '+33612345678', code: 'C-0042' }] })
  })

  it('needs a customer session of this company', async () => {
    const json = { firstname: 'X', lastname: 'Y' }
    const cases = [
      alpha,
      { ...alpha, bearer: provider },
      { company: 'beta-token', bearer: camille },
    ]
    for (const options of cases) {
      expect((await t.call('/api/profiles', { ...options, method: 'PUT', json })).status).toBe(401)
    }
  })
})
