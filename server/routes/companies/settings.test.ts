import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { company } from '#contract/company.ts'
import { companies } from '#server/db/schema/index.ts'
import { countPublished, providerBearer, publishedFor } from '#server/test/content.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

let t: TestApi
let provider: string
let customer: string
let betaProvider: string
beforeAll(async () => {
  t = await startTestApi({ config: { publishWebhookUrls: ['http://127.0.0.1:9/unused'] } })
  provider = await bearer(t, 'alpha.localhost', 'provider')
  customer = await bearer(t, 'alpha.localhost', 'customer')
  betaProvider = await providerBearer(t.db, 'beta.localhost')
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
const auth = () => ({ ...alpha, bearer: provider })
const settings = {
  nickname: 'alpha',
  version: 2,
  identity: { displayName: 'Alpha Spa & Bains' },
  booker: { siteDisabled: false, eshopEnabled: true },
}

describe('company administration: reads', () => {
  it('lists and reads its own company only, the token being its id', async () => {
    const list = await t.call('/api/companies', auth())
    expect(list).toMatchObject({ status: 200, body: [{ token: 'alpha-token', nickname: 'alpha' }] })
    const own = await t.call('/api/companies/alpha-token', auth())
    expect(company.parse(own.body)).toMatchObject({ identity: { displayName: 'Alpha Spa' } })
    expect((await t.call('/api/companies/beta-token', auth())).status).toBe(404)
    const beta = { company: 'beta-token', bearer: betaProvider }
    expect((await t.call('/api/companies/alpha-token', beta)).status).toBe(404)
    expect((await t.call('/api/companies', beta)).body).toMatchObject([{ token: 'beta-token' }])
  })

  it('needs a provider session of the company', async () => {
    for (const extra of [{}, { bearer: customer }, { bearer: betaProvider }]) {
      expect((await t.call('/api/companies', { ...alpha, ...extra })).status).toBe(401)
      expect((await t.call('/api/companies/alpha-token', { ...alpha, ...extra })).status).toBe(401)
    }
  })

  it('does not let a company user create companies (the platform does: decision 085)', async () => {
    const res = await t.call('/api/companies', {
      ...auth(),
      json: { ...settings, nickname: 'new' },
    })
    // a company user's bearer is no platform administrator's
    expect(res).toMatchObject({ status: 401, body: { code: 401, type: 'invalidToken' } })
    expect(await t.db.select().from(companies)).toHaveLength(2)
  })
})

describe('company settings update', () => {
  it('replaces the settings, keeps server switches, publishes and shows them at once', async () => {
    // Warm the company cache: the update must not be hidden behind it.
    expect((await t.call('/api/companies/me', alpha)).body).toMatchObject({ version: 1 })
    await t.db
      .update(companies)
      .set({ data: { token: 'alpha-token', nickname: 'alpha', offline: true, identity: {} } })
      .where(eq(companies.token, 'alpha-token'))
    const put = { ...auth(), method: 'PUT', json: { ...settings, previewTheme: true } }
    const res = await t.call('/api/companies/alpha-token', put)
    expect(res).toMatchObject({
      status: 200,
      body: { token: 'alpha-token', version: 2, previewTheme: false },
    })
    const me = await t.call('/api/companies/me', alpha)
    expect(me.body).toMatchObject({
      identity: { displayName: 'Alpha Spa & Bains' },
      booker: { eshopEnabled: true },
      previewTheme: false,
    })
    expect((await t.call('/api/companies/offline', alpha)).body).toEqual({ offline: true })
    expect(await publishedFor(t.db, 'alpha-token')).toEqual([
      { host: 'alpha.localhost', kind: 'company', action: 'update' },
    ])
  })

  it('renames the nickname column with the settings', async () => {
    const put = { ...auth(), method: 'PUT', json: { ...settings, nickname: 'alpha-spa' } }
    expect((await t.call('/api/companies/alpha-token', put)).body).toMatchObject({
      nickname: 'alpha-spa',
    })
    const [row] = await t.db.select().from(companies).where(eq(companies.token, 'alpha-token'))
    expect(row?.nickname).toBe('alpha-spa')
  })

  it('keeps the legal texts clean by the site’s allow-list (decision 089)', async () => {
    const textLegals = {
      mentions: {
        fr: '<p onclick="x()">Éditeur<script>alert(1)</script></p>',
        en: '<b>Publisher</b>',
      },
    }
    const json = { ...settings, nickname: 'alpha-spa', booker: { ...settings.booker, textLegals } }
    const res = await t.call('/api/companies/alpha-token', { ...auth(), method: 'PUT', json })
    expect(company.parse(res.body).booker.textLegals.mentions).toEqual({
      fr: '<p>Éditeur</p>',
      en: '<b>Publisher</b>',
    })
  })

  it('refuses other sessions, other companies and bad input, changing nothing', async () => {
    const before = await countPublished(t.db)
    const json = { ...settings, nickname: 'hijacked' }
    for (const extra of [{}, { bearer: customer }, { bearer: betaProvider }]) {
      const put = { ...alpha, ...extra, method: 'PUT', json }
      expect((await t.call('/api/companies/alpha-token', put)).status).toBe(401)
    }
    const beta = { company: 'beta-token', bearer: betaProvider, method: 'PUT', json }
    expect((await t.call('/api/companies/alpha-token', beta)).status).toBe(404)
    const bad = [
      { json: { ...settings, nickname: '' } },
      { json: { ...settings, version: -1 } },
      { json: { ...settings, identity: { logoSize: 'big' } } },
      { raw: '{"nickname":' },
    ]
    for (const input of bad) {
      const res = await t.call('/api/companies/alpha-token', { ...auth(), ...input, method: 'PUT' })
      expect(res).toMatchObject({ status: 400, body: { code: 400 } })
    }
    expect(await countPublished(t.db)).toBe(before)
    expect((await t.call('/api/companies/me', alpha)).body).toMatchObject({ nickname: 'alpha-spa' })
  })
})

describe('company deletion', () => {
  it('deletes its own company with everything it owns, publishing it', async () => {
    const beta = { company: 'beta-token', bearer: betaProvider }
    expect((await t.call('/api/companies/me', { company: 'beta-token' })).status).toBe(200)
    expect((await t.call('/api/companies/alpha-token', { ...beta, method: 'DELETE' })).status).toBe(
      404,
    )
    const res = await t.call('/api/companies/beta-token', { ...beta, method: 'DELETE' })
    expect(res).toEqual({ status: 200, body: { ok: true } })
    expect(await t.call('/api/companies/me', { company: 'beta-token' })).toMatchObject({
      status: 404,
      body: { type: 'societyNotRegister' },
    })
    expect(await publishedFor(t.db, 'beta-token')).toEqual([
      { host: 'beta.localhost', kind: 'company', action: 'delete' },
    ])
    expect((await t.call('/api/companies/me', alpha)).status).toBe(200)
  })
})
