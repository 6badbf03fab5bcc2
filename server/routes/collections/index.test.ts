import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collectionItem, collectionSchema } from '#contract/collection.ts'
import { countContent, countPublished, providerBearer, publishedFor } from '#server/test/content.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

/** Collections (decision 084): public reads, company users' writes, items held to their schema. */

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
const beta = { company: 'beta-token' }
const faq = {
  type: 'faq',
  name: { fr: 'Questions', en: 'Questions' },
  layout: 'faq',
  fields: [
    { key: 'question', kind: 'text', label: { fr: 'Question' }, translated: true, required: true },
    { key: 'answer', kind: 'longText', label: { fr: 'Réponse' }, translated: true },
    { key: 'price', kind: 'money', label: { fr: 'Prix' } },
  ],
}
const item = { type: 'faq', values: { question: { fr: 'Où ?', en: 'Where?' }, price: 1500 } }

const post = (path: string, json: unknown, extra: Record<string, string> = {}) =>
  t.call(path, { ...alpha, bearer: provider, ...extra, method: 'POST', json })

describe('collections', () => {
  let schemaId = ''
  let itemId = ''

  it('creates a schema and an item, each publishing a collections event, read publicly', async () => {
    const schema = await post('/api/collections/schemas', faq)
    expect(schema.status).toBe(200)
    schemaId = (collectionSchema.parse(schema.body) as { id: string }).id
    const created = await post('/api/collections/items', item)
    expect(created.status).toBe(200)
    itemId = collectionItem.parse(created.body).id
    expect((await t.call('/api/collections/schemas/public', alpha)).body).toMatchObject([
      { id: schemaId, type: 'faq', layout: 'faq', page: true, home: false },
    ])
    expect((await t.call('/api/collections/items/type/faq', alpha)).body).toMatchObject([
      { id: itemId, values: item.values },
    ])
    expect((await t.call(`/api/collections/items/${itemId}`, alpha)).status).toBe(200)
    expect((await publishedFor(t.db, itemId)).map((e) => `${e.kind}:${e.action}`)).toEqual([
      'collections:create',
    ])
    expect((await publishedFor(t.db, schemaId)).map((e) => e.kind)).toEqual(['collections'])
  })

  it('keeps each company to its own: another company sees none and cannot change them', async () => {
    expect((await t.call('/api/collections/schemas/public', beta)).body).toEqual([])
    // beta has no collection of that type: unknown there, as another company's row by id
    expect((await t.call('/api/collections/items/type/faq', beta)).status).toBe(404)
    expect((await t.call(`/api/collections/items/${itemId}`, beta)).status).toBe(404)
    const other = { ...beta, bearer: betaProvider }
    const put = { ...other, method: 'PUT', json: item }
    expect((await t.call(`/api/collections/items/${itemId}`, put)).status).toBe(404)
    const del = { ...other, method: 'DELETE' }
    expect((await t.call(`/api/collections/items/${itemId}`, del)).status).toBe(404)
    expect((await t.call(`/api/collections/schemas/${schemaId}`, del)).status).toBe(404)
    // beta has no faq schema: an item of that type is refused there, not written for alpha
    expect((await t.call('/api/collections/items', { ...other, json: item })).status).toBe(404)
    expect(await countContent(t.db, 'alpha.localhost', 'collectionItems')).toBe(1)
    expect(await countContent(t.db, 'beta.localhost', 'collectionItems')).toBe(0)
  })

  it('refuses writes without a company user session (none, customer, another company)', async () => {
    for (const extra of [{}, { bearer: customer }, { bearer: betaProvider }]) {
      expect(
        (await t.call('/api/collections/items', { ...alpha, ...extra, json: item })).status,
      ).toBe(401)
      const schemas = { ...alpha, ...extra, json: { ...faq, type: 'other' } }
      expect((await t.call('/api/collections/schemas', schemas)).status).toBe(401)
    }
    expect((await t.call('/api/collections/schemas', alpha)).status).toBe(401)
    expect(await countContent(t.db, 'alpha.localhost', 'collectionSchemas')).toBe(1)
  })

  it('refuses an item that does not fit its schema, and writes nothing', async () => {
    const before = await countPublished(t.db)
    const bad = [
      { type: 'faq', values: { answer: { fr: 'Sans question' } } },
      { type: 'faq', values: { ...item.values, price: 12.5 } },
      { type: 'faq', values: { ...item.values, colour: 'red' } },
      { type: 'faq', values: { ...item.values, question: 'pas par langue' } },
    ]
    for (const json of bad) {
      const res = await post('/api/collections/items', json)
      expect(res, JSON.stringify(json)).toMatchObject({
        status: 400,
        body: { type: 'invalidInput' },
      })
    }
    expect((await post('/api/collections/items', { ...item, type: 'team' })).status).toBe(404)
    expect(await countPublished(t.db)).toBe(before)
  })

  it('refuses a second schema of one type and a field key used twice', async () => {
    const twice = await post('/api/collections/schemas', faq)
    expect(twice).toMatchObject({ status: 409, body: { type: 'slugTaken' } })
    const field = faq.fields[0]
    const dup = await post('/api/collections/schemas', {
      ...faq,
      type: 'x',
      fields: [field, field],
    })
    expect(dup).toMatchObject({ status: 400, body: { type: 'invalidInput' } })
  })

  it('keeps a schema with items: no type change, no delete; then deletes both', async () => {
    const auth = { ...alpha, bearer: provider }
    const renamed = { ...auth, method: 'PUT', json: { ...faq, type: 'questions' } }
    expect((await t.call(`/api/collections/schemas/${schemaId}`, renamed)).status).toBe(409)
    const del = { ...auth, method: 'DELETE' }
    expect((await t.call(`/api/collections/schemas/${schemaId}`, del)).status).toBe(409)
    expect((await t.call(`/api/collections/items/${itemId}`, del)).body).toEqual({ ok: true })
    expect((await t.call(`/api/collections/schemas/${schemaId}`, del)).body).toEqual({ ok: true })
    expect(await countContent(t.db, 'alpha.localhost', 'collectionSchemas')).toBe(0)
  })
})
