import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { geoGroupment } from '#contract/shop.ts'
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
  await insertContent(t.db, 'alpha.localhost', 'geogroupments', [
    { id: 'g1', name: 'Rhône', type: 'department', order: 1 },
  ])
  await insertContent(t.db, 'beta.localhost', 'geogroupments', [{ id: 'g9', name: 'Genève' }])
  await insertContent(t.db, 'alpha.localhost', 'shops', [
    { id: 's3', slug: 'alpha-annecy', publicInfo: { name: 'Alpha Annecy' } },
  ])
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
const auth = () => ({ ...alpha, bearer: provider })
const groupmentOf = async (shopId: string) =>
  ((await t.call(`/api/shops/${shopId}`, alpha)).body as { geoGroupment: unknown }).geoGroupment
const link = (id: string, json: unknown, extra: Record<string, string> = {}) =>
  t.call(`/api/geogroupments/link/shop/${id}`, { ...auth(), ...extra, json })
const unlink = (id: string, json: unknown) =>
  t.call(`/api/geogroupments/unlink/shop/${id}`, { ...auth(), json })

describe('geogroupments: reads', () => {
  it('lists and reads the groupments of the company; another company’s is 404', async () => {
    const list = await t.call('/api/geogroupments', alpha)
    expect(list.body).toEqual([{ id: 'g1', name: 'Rhône', type: 'department', order: 1 }])
    expect(geoGroupment.parse((list.body as unknown[])[0])).toMatchObject({ description: {} })
    expect((await t.call('/api/geogroupments/g1', alpha)).body).toMatchObject({ name: 'Rhône' })
    expect((await t.call('/api/geogroupments/g9', alpha)).status).toBe(404)
  })
})

describe('geogroupments: shop links', () => {
  it('links shops, which then carry a copy of the groupment, and unlinks them', async () => {
    const linked = await link('g1', { shopsId: ['s1', 's3'] })
    expect(linked).toMatchObject({ status: 200, body: { id: 'g1', name: 'Rhône' } })
    expect(await groupmentOf('s1')).toMatchObject({ id: 'g1', name: 'Rhône', order: 1 })
    expect(await groupmentOf('s3')).toMatchObject({ id: 'g1' })
    expect((await publishedFor(t.db, 's3')).at(-1)).toEqual({
      host: 'alpha.localhost',
      kind: 'shops',
      action: 'update',
    })
    expect((await unlink('g1', { shopId: 's3' })).status).toBe(200)
    expect(await groupmentOf('s3')).toBeNull()
    expect(await groupmentOf('s1')).toMatchObject({ id: 'g1' })
  })

  it('links nothing when one shop is unknown or another company’s', async () => {
    for (const body of [{ shopsId: ['s3', 'zz'] }, { shopId: 's2' }]) {
      expect(await link('g1', body)).toMatchObject({ status: 404, body: { type: 'notFound' } })
    }
    expect(await groupmentOf('s3')).toBeNull()
    expect((await link('g9', { shopId: 's3' })).status).toBe(404)
    expect((await link('g1', { shopsId: [] })).status).toBe(400)
    expect((await link('g1', { shopId: 's3' }, { bearer: customer })).status).toBe(401)
    expect((await link('g1', { shopId: 's3' }, { bearer: betaProvider })).status).toBe(401)
    expect(await groupmentOf('s3')).toBeNull()
  })

  it('copies an updated groupment into its shops, and clears them when it is deleted', async () => {
    const created = await t.call('/api/geogroupments', {
      ...auth(),
      json: { name: 'Savoie', description: { short: { fr: 'Chambéry' } } },
    })
    expect(created).toMatchObject({ status: 200, body: { name: 'Savoie', order: 0 } })
    const { id } = created.body as { id: string }
    await link(id, { shopId: 's3' })
    const put = { ...auth(), method: 'PUT', json: { name: 'Savoie (73)', order: 4 } }
    expect((await t.call(`/api/geogroupments/${id}`, put)).body).toMatchObject({ order: 4 })
    expect(await groupmentOf('s3')).toMatchObject({ id, name: 'Savoie (73)', order: 4 })
    expect(await groupmentOf('s1')).toMatchObject({ id: 'g1' })

    const removed = await t.call(`/api/geogroupments/${id}`, { ...auth(), method: 'DELETE' })
    expect(removed.body).toEqual({ ok: true })
    expect(await groupmentOf('s3')).toBeNull()
    expect((await publishedFor(t.db, id)).map((e) => `${e.kind}:${e.action}`)).toEqual([
      'shops:create',
      'shops:update',
      'shops:delete',
    ])
  })
})

describe('geogroupments: refusals', () => {
  const body = { name: 'Isère' }

  it('refuses writes without a provider session of this company', async () => {
    const before = await countPublished(t.db)
    for (const extra of [{}, { bearer: customer }, { bearer: betaProvider }]) {
      const post = { ...alpha, ...extra, json: body }
      expect((await t.call('/api/geogroupments', post)).status).toBe(401)
      const put = { ...alpha, ...extra, method: 'PUT', json: body }
      expect((await t.call('/api/geogroupments/g1', put)).status).toBe(401)
      const del = { ...alpha, ...extra, method: 'DELETE' }
      expect((await t.call('/api/geogroupments/g1', del)).status).toBe(401)
    }
    const beta = { company: 'beta-token', bearer: betaProvider }
    const put = { ...beta, method: 'PUT', json: body }
    expect((await t.call('/api/geogroupments/g1', put)).status).toBe(404)
    expect((await t.call('/api/geogroupments/g1', { ...beta, method: 'DELETE' })).status).toBe(404)
    expect(await countPublished(t.db)).toBe(before)
    expect((await t.call('/api/geogroupments/g1', alpha)).body).toMatchObject({ name: 'Rhône' })
  })

  it('answers 400 to bad input and writes nothing', async () => {
    const before = await countPublished(t.db)
    for (const input of [
      { json: { name: '' } },
      { json: { name: 'x', order: 'first' } },
      { raw: '{' },
    ]) {
      expect((await t.call('/api/geogroupments', { ...auth(), ...input })).body).toMatchObject({
        code: 400,
      })
      const put = { ...auth(), ...input, method: 'PUT' }
      expect((await t.call('/api/geogroupments/g1', put)).status).toBe(400)
    }
    expect(await countContent(t.db, 'alpha.localhost', 'geogroupments')).toBe(1)
    expect(await countPublished(t.db)).toBe(before)
  })
})
