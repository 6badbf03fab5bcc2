import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { article } from '#contract/article.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

let t: TestApi
let provider: string
beforeAll(async () => {
  t = await startTestApi()
  provider = await bearer(t, 'alpha.localhost', 'provider')
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
const ids = (body: unknown) => (body as { id: string }[]).map((a) => a.id)

describe('articles', () => {
  it('lists published articles only, by type on demand', async () => {
    expect(ids((await t.call('/api/articles', alpha)).body)).toEqual(['a1'])
    expect(ids((await t.call('/api/articles?type=1', alpha)).body)).toEqual(['a1'])
    expect(ids((await t.call('/api/articles?type=2', alpha)).body)).toEqual([])
    expect((await t.call('/api/articles?type=9', alpha)).status).toBe(400)
  })

  it('shows drafts to providers through the back-office list only', async () => {
    const all = await t.call('/api/articles/artebeaute', { ...alpha, bearer: provider })
    expect(ids(all.body)).toEqual(['a1', 'a2'])
    expect((await t.call('/api/articles/slug/bougie', alpha)).status).toBe(404)
    expect((await t.call('/api/articles/artebeaute', alpha)).status).toBe(401)
  })

  it('sends weekprices as stored; the contract swaps it in on read', async () => {
    const current = (await t.call('/api/articles/a1', alpha)).body as Record<string, unknown>
    const { id: _id, ...body } = current
    const updated = await t.call('/api/articles/a1', {
      ...alpha,
      method: 'PUT',
      bearer: provider,
      json: { ...body, weekprices: 5900 },
    })
    expect(updated.body).toMatchObject({ id: 'a1', prices: 6500, weekprices: 5900 })
    expect(article.parse(updated.body).prices).toBe(5900)
  })
})
