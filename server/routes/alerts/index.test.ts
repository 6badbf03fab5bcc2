import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alert } from '#contract/alert.ts'
import {
  countContent,
  countPublished,
  insertContent,
  providerBearer,
  publishedFor,
} from '#server/test/content.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

let t: TestApi
let provider: string
let customer: string
let betaProvider: string
const window = { start: '2026-01-01T00:00:00+01:00', end: '2026-02-01T00:00:00+01:00' }
beforeAll(async () => {
  t = await startTestApi({ config: { publishWebhookUrls: ['http://127.0.0.1:9/unused'] } })
  provider = await bearer(t, 'alpha.localhost', 'provider')
  customer = await bearer(t, 'alpha.localhost', 'customer')
  betaProvider = await providerBearer(t.db, 'beta.localhost')
  await insertContent(t.db, 'alpha.localhost', 'alerts', [
    { id: 'al1', serviceId: 'a1', body: { fr: '<p>Offre</p>' }, ...window },
  ])
  await insertContent(t.db, 'beta.localhost', 'alerts', [
    { id: 'al9', serviceId: 'b1', body: { fr: 'Beta' }, ...window },
  ])
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
const body = { serviceId: 'a1', body: { fr: '<p>Nouveau</p>' }, ...window }

describe('alerts', () => {
  it('lists the alerts of the company, valid for the contract', async () => {
    const res = await t.call('/api/alerts', alpha)
    expect(res.status).toBe(200)
    expect(res.body).toEqual([
      { id: 'al1', serviceId: 'a1', body: { fr: '<p>Offre</p>' }, ...window },
    ])
    expect(alert.parse((res.body as unknown[])[0])).toBeTruthy()
    expect((await t.call('/api/alerts', { company: 'beta-token' })).body).toMatchObject([
      { id: 'al9' },
    ])
    expect((await t.call('/api/alerts')).body).toMatchObject({ type: 'companyRequired' })
  })

  it('refuses writes without a provider session of this company', async () => {
    for (const extra of [{}, { bearer: customer }, { bearer: betaProvider }]) {
      expect((await t.call('/api/alerts', { ...alpha, ...extra, json: body })).status).toBe(401)
      const put = { ...alpha, ...extra, method: 'PUT', json: body }
      expect((await t.call('/api/alerts/al1', put)).status).toBe(401)
      const del = { ...alpha, ...extra, method: 'DELETE' }
      expect((await t.call('/api/alerts/al1', del)).status).toBe(401)
    }
    expect(await countContent(t.db, 'alpha.localhost', 'alerts')).toBe(1)
  })

  it("cannot change another company's alert by id", async () => {
    const auth = { ...alpha, bearer: provider }
    expect((await t.call('/api/alerts/al9', { ...auth, method: 'PUT', json: body })).status).toBe(
      404,
    )
    expect((await t.call('/api/alerts/al9', { ...auth, method: 'DELETE' })).status).toBe(404)
    expect(await countContent(t.db, 'beta.localhost', 'alerts')).toBe(1)
  })

  it('creates, updates and deletes an alert, each publishing an alerts webhook', async () => {
    const auth = { ...alpha, bearer: provider }
    const created = await t.call('/api/alerts', { ...auth, json: body })
    expect(created).toMatchObject({ status: 200, body: { serviceId: 'a1' } })
    const { id } = created.body as { id: string }
    const moved = { ...body, end: '2026-03-01T00:00:00Z' }
    const updated = await t.call(`/api/alerts/${id}`, { ...auth, method: 'PUT', json: moved })
    expect(updated.body).toMatchObject({ id, end: '2026-03-01T00:00:00Z' })
    expect((await t.call(`/api/alerts/${id}`, { ...auth, method: 'DELETE' })).body).toEqual({
      ok: true,
    })
    expect((await t.call('/api/alerts', alpha)).body).toHaveLength(1)
    expect((await publishedFor(t.db, id)).map((e) => `${e.kind}:${e.action}`)).toEqual([
      'alerts:create',
      'alerts:update',
      'alerts:delete',
    ])
  })

  it('answers 400 to bad input (end before start included) and writes nothing', async () => {
    const before = await countPublished(t.db)
    const auth = { ...alpha, bearer: provider }
    const bad = [
      { json: { ...body, end: '2025-01-01T00:00:00Z' } },
      { json: { ...body, start: 'tomorrow' } },
      { json: { ...body, serviceId: '' } },
      { json: { body: body.body } },
      { raw: 'not json' },
    ]
    for (const input of bad) {
      const res = await t.call('/api/alerts', { ...auth, ...input, method: 'POST' })
      expect(res).toMatchObject({ status: 400, body: { code: 400 } })
      expect((await t.call('/api/alerts/al1', { ...auth, ...input, method: 'PUT' })).status).toBe(
        400,
      )
    }
    expect(await countPublished(t.db)).toBe(before)
    expect((await t.call('/api/alerts', alpha)).body).toMatchObject([{ id: 'al1', ...window }])
  })
})
