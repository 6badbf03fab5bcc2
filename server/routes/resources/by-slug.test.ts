import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resource } from '#contract/resource.ts'
import { insertContent, providerBearer } from '#server/test/content.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * GET /api/resources/slug/:slug (docs/product/7-calls.md: resources have slug lookups;
 * docs/decisions/063-last-partial-rows-of-the-api.md): a provider of the company finds its
 * resource by slug; nobody else does, and a slug names one resource of a company only.
 */
let t: TestApi
let provider: string
let customer: string
let betaProvider: string
beforeAll(async () => {
  t = await startTestApi({ config: { publishWebhookUrls: ['http://127.0.0.1:9/unused'] } })
  provider = await bearer(t, 'alpha.localhost', 'provider')
  customer = await bearer(t, 'alpha.localhost', 'customer')
  betaProvider = await providerBearer(t.db, 'beta.localhost')
  const claire = { shopId: 's1', type: 100, displayName: 'Claire', workingHours: {} }
  await insertContent(t.db, 'alpha.localhost', 'resources', [
    { id: 'r1', slug: 'claire', ...claire },
    { id: 'r2', shopId: 's1', type: 200, displayName: 'Cabine', workingHours: {} },
  ])
  await insertContent(t.db, 'beta.localhost', 'resources', [
    { id: 'r9', slug: 'beta-only', shopId: 's1', type: 100, displayName: 'B', workingHours: {} },
  ])
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }

describe('resources by slug', () => {
  it("answers the company's resource for one of its providers", async () => {
    const res = await t.call('/api/resources/slug/claire', { ...alpha, bearer: provider })
    expect(res).toMatchObject({ status: 200, body: { id: 'r1', slug: 'claire' } })
    expect(resource.safeParse(res.body).success).toBe(true)
  })

  it('refuses anyone but a provider of the company, and finds no other company row', async () => {
    for (const extra of [{}, { bearer: customer }, { bearer: betaProvider }]) {
      const res = await t.call('/api/resources/slug/claire', { ...alpha, ...extra })
      expect(res.status).toBe(401)
    }
    const auth = { ...alpha, bearer: provider }
    expect((await t.call('/api/resources/slug/beta-only', auth)).status).toBe(404)
    expect((await t.call('/api/resources/slug/nobody', auth)).status).toBe(404)
    const beta = { company: 'beta-token', bearer: betaProvider }
    expect((await t.call('/api/resources/slug/claire', beta)).status).toBe(404)
    expect((await t.call('/api/resources/slug/beta-only', beta)).body).toMatchObject({ id: 'r9' })
    for (const bad of ['Claire', 'a_b', '-x', 'a--b']) {
      const res = await t.call(`/api/resources/slug/${bad}`, auth)
      expect(res, bad).toMatchObject({ status: 400 })
    }
  })

  it('finds a resource by the slug it was written with, and keeps slugs unique', async () => {
    const auth = { ...alpha, bearer: provider }
    const body = { slug: 'ines', shopId: 's1', type: 100, displayName: 'Inès', workingHours: {} }
    const created = await t.call('/api/resources', { ...auth, json: body })
    expect(created.status).toBe(200)
    const { id } = created.body as { id: string }
    expect((await t.call('/api/resources/slug/ines', auth)).body).toMatchObject({ id })
    const again = await t.call('/api/resources', { ...auth, json: { ...body, slug: 'claire' } })
    expect(again).toMatchObject({ status: 409, body: { type: 'slugTaken' } })
    const renamed = { ...auth, method: 'PUT', json: { ...body, slug: 'ines-b' } }
    expect((await t.call(`/api/resources/${id}`, renamed)).status).toBe(200)
    expect((await t.call('/api/resources/slug/ines', auth)).status).toBe(404)
    expect((await t.call('/api/resources/slug/ines-b', auth)).body).toMatchObject({ id })
  })
})
