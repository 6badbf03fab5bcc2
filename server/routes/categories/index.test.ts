import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

let t: TestApi
let provider: string
beforeAll(async () => {
  t = await startTestApi()
  provider = await bearer(t, 'alpha.localhost', 'provider')
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
const articleIds = (body: unknown) =>
  (body as { articles: { id: string }[] }).articles.map((a) => a.id)

describe('categories', () => {
  it('lists and reads categories of the company', async () => {
    const list = await t.call('/api/categories', alpha)
    expect(list.body).toMatchObject([{ id: 'c1', slug: 'soins' }])
    expect((await t.call('/api/categories/slug/soins', alpha)).body).toMatchObject({ id: 'c1' })
    expect((await t.call('/api/categories', { company: 'beta-token' })).body).toEqual([])
    expect((await t.call('/api/categories/c1', { company: 'beta-token' })).status).toBe(404)
  })

  it('links and unlinks articles, with their slug', async () => {
    const path = '/api/categories/link/article/c1'
    const linked = await t.call(path, { ...alpha, bearer: provider, json: { articleId: 'a2' } })
    expect(linked.status).toBe(200)
    expect((linked.body as { articles: unknown[] }).articles).toEqual([
      { id: 'a1', slug: 'soin-eclat' },
      { id: 'a2', slug: 'bougie' },
    ])
    const unlinked = await t.call('/api/categories/unlink/article/c1', {
      ...alpha,
      bearer: provider,
      json: { articlesId: ['a1', 'a2'] },
    })
    expect(articleIds(unlinked.body)).toEqual([])
  })

  it('refuses to link an unknown article or a foreign category', async () => {
    const unknown = await t.call('/api/categories/link/article/c1', {
      ...alpha,
      bearer: provider,
      json: { articleId: 'zz' },
    })
    expect(unknown.status).toBe(404)
    const malformed = await t.call('/api/categories/link/article/c1', {
      ...alpha,
      bearer: provider,
      json: { articlesId: [] },
    })
    expect(malformed.status).toBe(400)
    const beta = await bearer(t, 'beta.localhost', 'customer')
    const foreign = await t.call('/api/categories/link/article/c1', {
      company: 'beta-token',
      bearer: beta,
      json: { articleId: 'a1' },
    })
    expect(foreign.status).toBe(401)
  })
})
