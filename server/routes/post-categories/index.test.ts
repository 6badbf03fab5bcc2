import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postCategory } from '#contract/post.ts'
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
  await insertContent(t.db, 'alpha.localhost', 'postCategories', [
    { id: 'pc2', slug: 'conseils', name: { fr: 'Conseils' }, order: 2 },
    { id: 'pc1', slug: 'actualites', name: { fr: 'Actualités' }, order: 1 },
  ])
  await insertContent(t.db, 'beta.localhost', 'postCategories', [
    { id: 'pc9', slug: 'beta', name: { fr: 'Beta' } },
  ])
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
const body = { slug: 'soins', name: { fr: 'Soins', en: 'Care' }, order: 3 }

describe('post categories', () => {
  it('lists in order and reads by id; another company’s category is 404', async () => {
    const list = await t.call('/api/postcategories', alpha)
    expect((list.body as { id: string }[]).map((c) => c.id)).toEqual(['pc1', 'pc2'])
    for (const item of list.body as unknown[]) expect(postCategory.parse(item)).toBeTruthy()
    expect((await t.call('/api/postcategories/pc1', alpha)).body).toMatchObject({
      slug: 'actualites',
    })
    expect((await t.call('/api/postcategories/pc9', alpha)).status).toBe(404)
  })

  it('refuses writes without a provider session of this company', async () => {
    for (const extra of [{}, { bearer: customer }, { bearer: betaProvider }]) {
      expect((await t.call('/api/postcategories', { ...alpha, ...extra, json: body })).status).toBe(
        401,
      )
      const put = { ...alpha, ...extra, method: 'PUT', json: body }
      expect((await t.call('/api/postcategories/pc1', put)).status).toBe(401)
    }
    const beta = { company: 'beta-token', bearer: betaProvider }
    const put = { ...beta, method: 'PUT', json: body }
    expect((await t.call('/api/postcategories/pc1', put)).status).toBe(404)
    const del = { ...beta, method: 'DELETE' }
    expect((await t.call('/api/postcategories/pc1', del)).status).toBe(404)
    expect(await countContent(t.db, 'alpha.localhost', 'postCategories')).toBe(2)
  })

  it('creates, updates and deletes, each publishing a posts webhook', async () => {
    const auth = { ...alpha, bearer: provider }
    const created = await t.call('/api/postcategories', { ...auth, json: body })
    expect(created.body).toMatchObject({ slug: 'soins', order: 3 })
    const { id } = created.body as { id: string }
    const updated = await t.call(`/api/postcategories/${id}`, {
      ...auth,
      method: 'PUT',
      json: { ...body, order: 0 },
    })
    expect(updated.body).toMatchObject({ id, order: 0 })
    const removed = await t.call(`/api/postcategories/${id}`, { ...auth, method: 'DELETE' })
    expect(removed.body).toEqual({ ok: true })
    expect((await publishedFor(t.db, id)).map((e) => [e.kind, e.action])).toEqual([
      ['post-categories', 'create'],
      ['post-categories', 'update'],
      ['post-categories', 'delete'],
    ])
  })

  it('answers 400 to bad input and writes nothing', async () => {
    const before = await countPublished(t.db)
    const auth = { ...alpha, bearer: provider }
    for (const input of [
      { json: { slug: 'x' } },
      { json: { ...body, order: 1.5 } },
      { raw: '[' },
    ]) {
      expect((await t.call('/api/postcategories', { ...auth, ...input })).status).toBe(400)
      const put = { ...auth, ...input, method: 'PUT' }
      expect((await t.call('/api/postcategories/pc1', put)).body).toMatchObject({ code: 400 })
    }
    expect(await countContent(t.db, 'alpha.localhost', 'postCategories')).toBe(2)
    expect(await countPublished(t.db)).toBe(before)
  })
})
