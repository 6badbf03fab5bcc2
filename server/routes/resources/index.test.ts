import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resource } from '#contract/resource.ts'
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
beforeAll(async () => {
  t = await startTestApi({ config: { publishWebhookUrls: ['http://127.0.0.1:9/unused'] } })
  provider = await bearer(t, 'alpha.localhost', 'provider')
  customer = await bearer(t, 'alpha.localhost', 'customer')
  betaProvider = await providerBearer(t.db, 'beta.localhost')
  await insertContent(t.db, 'alpha.localhost', 'resources', [
    {
      id: 'r1',
      artebeauteId: 901,
      shopId: 's1',
      type: 100,
      displayName: 'Claire',
      workingHours: {},
    },
    {
      id: 'r2',
      shopId: 's1',
      type: 200,
      displayName: 'Cabine Jasmin',
      visible: false,
      workingHours: {},
    },
  ])
  await insertContent(t.db, 'beta.localhost', 'resources', [
    { id: 'r9', shopId: 's1', type: 100, displayName: 'Beta', workingHours: {} },
  ])
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
const body = { shopId: 's1', type: 100, displayName: 'Inès', workingHours: {}, services: ['a1'] }

describe('resources: provider reads', () => {
  it('lists and reads the resources of the company, for providers only', async () => {
    const auth = { ...alpha, bearer: provider }
    const list = await t.call('/api/resources', auth)
    expect((list.body as { id: string }[]).map((r) => r.id)).toEqual(['r1', 'r2'])
    for (const item of list.body as unknown[]) expect(resource.safeParse(item).success).toBe(true)
    expect((await t.call('/api/resources/r1', auth)).body).toMatchObject({ displayName: 'Claire' })
    expect((await t.call('/api/resources/r9', auth)).status).toBe(404)
    for (const extra of [{}, { bearer: customer }, { bearer: betaProvider }]) {
      expect((await t.call('/api/resources', { ...alpha, ...extra })).status).toBe(401)
      expect((await t.call('/api/resources/r1', { ...alpha, ...extra })).status).toBe(401)
    }
  })

  it('lists the employees (type 100) or cabins of a shop for the booking screens', async () => {
    const auth = { ...alpha, bearer: provider }
    const employees = await t.call('/api/resources/artebeaute?shopId=s1&type=100', auth)
    expect(employees).toEqual({
      status: 200,
      body: [{ artebeauteId: '901', displayName: 'Claire', visible: true }],
    })
    const cabins = await t.call('/api/resources/artebeaute?shopId=s1&type=200', auth)
    expect(cabins.body).toEqual([
      { artebeauteId: 'r2', displayName: 'Cabine Jasmin', visible: false },
    ])
    // s2 is a shop of beta: unknown here.
    expect((await t.call('/api/resources/artebeaute?shopId=s2&type=100', auth)).status).toBe(404)
    for (const query of ['shopId=s1', 'type=100', 'shopId=s1&type=cabin']) {
      const res = await t.call(`/api/resources/artebeaute?${query}`, auth)
      expect(res).toMatchObject({ status: 400, body: { type: 'invalidInput' } })
    }
    expect((await t.call('/api/resources/artebeaute?shopId=s1&type=100', alpha)).status).toBe(401)
  })
})

describe('resources: provider writes', () => {
  it('refuses writes without a provider session of this company', async () => {
    for (const extra of [{}, { bearer: customer }, { bearer: betaProvider }]) {
      expect((await t.call('/api/resources', { ...alpha, ...extra, json: body })).status).toBe(401)
      const put = { ...alpha, ...extra, method: 'PUT', json: body }
      expect((await t.call('/api/resources/r1', put)).status).toBe(401)
      const del = { ...alpha, ...extra, method: 'DELETE' }
      expect((await t.call('/api/resources/r1', del)).status).toBe(401)
    }
    const beta = { company: 'beta-token', bearer: betaProvider }
    expect((await t.call('/api/resources/r1', { ...beta, method: 'DELETE' })).status).toBe(404)
    expect(await countContent(t.db, 'alpha.localhost', 'resources')).toBe(2)
  })

  it('creates, updates and deletes a resource, each publishing a catalogue webhook', async () => {
    const auth = { ...alpha, bearer: provider }
    const created = await t.call('/api/resources', { ...auth, json: body })
    expect(created).toMatchObject({ status: 200, body: { displayName: 'Inès', visible: true } })
    const { id } = created.body as { id: string }
    const put = { ...auth, method: 'PUT', json: { ...body, visible: false } }
    expect((await t.call(`/api/resources/${id}`, put)).body).toMatchObject({ id, visible: false })
    expect((await t.call(`/api/resources/${id}`, { ...auth, method: 'DELETE' })).body).toEqual({
      ok: true,
    })
    expect((await publishedFor(t.db, id)).map((e) => `${e.kind}:${e.action}`)).toEqual([
      'catalogue:create',
      'catalogue:update',
      'catalogue:delete',
    ])
  })

  it('refuses a shop of another company, and bad input, writing nothing', async () => {
    const before = await countPublished(t.db)
    const auth = { ...alpha, bearer: provider }
    const foreignShop = { ...body, shopId: 's2' }
    expect((await t.call('/api/resources', { ...auth, json: foreignShop })).status).toBe(404)
    const put = { ...auth, method: 'PUT', json: foreignShop }
    expect((await t.call('/api/resources/r1', put)).status).toBe(404)
    const r9 = { ...auth, method: 'PUT', json: body }
    expect((await t.call('/api/resources/r9', r9)).status).toBe(404)
    const bad = [
      { json: { ...body, type: -1 } },
      { json: { ...body, displayName: '' } },
      {
        json: { ...body, workingHours: { monday: { status: 'day', hours: [{ start: '25:00' }] } } },
      },
      { raw: '{"shopId":"s1",}' },
    ]
    for (const input of bad) {
      expect((await t.call('/api/resources', { ...auth, ...input })).body).toMatchObject({
        code: 400,
      })
    }
    expect(await countContent(t.db, 'alpha.localhost', 'resources')).toBe(2)
    expect(await countPublished(t.db)).toBe(before)
    expect((await t.call('/api/resources/r1', auth)).body).toMatchObject({ displayName: 'Claire' })
  })
})
