import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { event } from '#contract/event.ts'
import { countContent, countPublished, providerBearer, publishedFor } from '#server/test/content.ts'
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
const body = {
  start: '2026-05-01T10:00:00+02:00',
  end: '2026-05-02T18:00:00+02:00',
  title: { fr: 'Journée bien-être' },
  img: [{ url: '/storage/alpha.localhost/images/event.svg' }],
  link: { url: 'https://example.com/agenda' },
}

describe('events', () => {
  it('lists the events of the company, valid for the contract', async () => {
    const res = await t.call('/api/events', alpha)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject([{ id: 'e1', title: { fr: 'Portes ouvertes' } }])
    expect(event.parse((res.body as unknown[])[0])).toBeTruthy()
    expect((await t.call('/api/events', { company: 'beta-token' })).body).toEqual([])
    expect((await t.call('/api/events', { company: 'nope-token' })).status).toBe(404)
  })

  it('refuses creation without a provider session of this company', async () => {
    for (const extra of [{}, { bearer: customer }, { bearer: betaProvider }]) {
      expect((await t.call('/api/events', { ...alpha, ...extra, json: body })).status).toBe(401)
    }
    expect(await countContent(t.db, 'alpha.localhost', 'events')).toBe(1)
  })

  it('creates an event for its own company only, publishing an events webhook', async () => {
    const created = await t.call('/api/events', { ...alpha, bearer: provider, json: body })
    expect(created).toMatchObject({ status: 200, body: { showDates: false, ...body } })
    const { id } = created.body as { id: string }
    expect((await t.call('/api/events', alpha)).body).toHaveLength(2)
    expect((await t.call('/api/events', { company: 'beta-token' })).body).toEqual([])
    expect(await publishedFor(t.db, id)).toEqual([
      { host: 'alpha.localhost', kind: 'events', action: 'create' },
    ])
  })

  it('answers 400 to bad input and writes nothing', async () => {
    const before = await countPublished(t.db)
    const bad = [
      { json: { ...body, end: body.start } },
      { json: { ...body, img: [{ url: 'javascript:alert(1)' }] } },
      { json: { ...body, showDates: 'yes' } },
      { raw: '{' },
    ]
    for (const input of bad) {
      const res = await t.call('/api/events', { ...alpha, bearer: provider, ...input })
      expect(res).toMatchObject({ status: 400, body: { code: 400 } })
    }
    expect(await countContent(t.db, 'alpha.localhost', 'events')).toBe(2)
    expect(await countPublished(t.db)).toBe(before)
  })

  it('updates and deletes an event (the owner), each publishing an events webhook', async () => {
    const auth = { ...alpha, bearer: provider }
    const created = await t.call('/api/events', { ...auth, json: body })
    const { id } = created.body as { id: string }
    const changed = { ...body, title: { fr: 'Journée changée', en: 'Changed day' } }
    const updated = await t.call(`/api/events/${id}`, { ...auth, method: 'PUT', json: changed })
    expect(updated).toMatchObject({ status: 200, body: { id, title: { en: 'Changed day' } } })
    const bad = { ...changed, end: '2026-04-01T00:00:00Z' }
    expect((await t.call(`/api/events/${id}`, { ...auth, method: 'PUT', json: bad })).status).toBe(
      400,
    )
    expect((await t.call(`/api/events/${id}`, { ...auth, method: 'DELETE' })).body).toEqual({
      ok: true,
    })
    expect((await t.call(`/api/events/${id}`, { ...auth, method: 'DELETE' })).status).toBe(404)
    expect((await publishedFor(t.db, id)).map((e) => `${e.kind}:${e.action}`)).toEqual([
      'events:create',
      'events:update',
      'events:delete',
    ])
  })
})
