import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eshopCategory } from '#contract/eshop.ts'
import { insertContent } from '#server/test/content.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await startTestApi()
  await insertContent(t.db, 'alpha.localhost', 'eshopCategories', [
    {
      id: 'ec2',
      slug: 'bougies',
      name: { fr: 'Bougies' },
      order: 2,
      articles: [{ id: 'a2', slug: 'bougie' }],
    },
    { id: 'ec1', slug: 'soins', name: { fr: 'Soins' }, order: 1 },
  ])
  await insertContent(t.db, 'beta.localhost', 'eshopCategories', [
    { id: 'ec9', slug: 'beta', name: { fr: 'Beta' } },
  ])
})
afterAll(() => t.close())

describe('GET /api/eshopcategories', () => {
  it('lists the e-shop categories of the company in their order', async () => {
    const res = await t.call('/api/eshopcategories', { company: 'alpha-token' })
    expect(res.status).toBe(200)
    expect((res.body as { id: string }[]).map((c) => c.id)).toEqual(['ec1', 'ec2'])
    expect(res.body).toMatchObject([{}, { articles: [{ id: 'a2', slug: 'bougie' }] }])
    for (const item of res.body as unknown[])
      expect(eshopCategory.safeParse(item).success).toBe(true)
    const beta = await t.call('/api/eshopcategories', { company: 'beta-token' })
    expect((beta.body as { id: string }[]).map((c) => c.id)).toEqual(['ec9'])
  })

  it('needs a known company', async () => {
    expect((await t.call('/api/eshopcategories')).status).toBe(400)
    expect((await t.call('/api/eshopcategories', { company: 'nope' })).body).toMatchObject({
      code: 404,
      type: 'societyNotRegister',
    })
  })
})
