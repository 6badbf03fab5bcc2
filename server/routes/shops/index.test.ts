import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shop } from '#contract/shop.ts'
import { shops, webhookDeliveries } from '#server/db/schema/index.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

let t: TestApi
let provider: string
let customer: string
beforeAll(async () => {
  t = await startTestApi({ config: { publishWebhookUrls: ['http://127.0.0.1:9/unused'] } })
  provider = await bearer(t, 'alpha.localhost', 'provider')
  customer = await bearer(t, 'alpha.localhost', 'customer')
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }

describe('shops: public reads', () => {
  it('lists the shops of the company of the header only', async () => {
    const a = await t.call('/api/shops', alpha)
    expect(a.status).toBe(200)
    expect((a.body as { id: string }[]).map((s) => s.id)).toEqual(['s1'])
    const b = await t.call('/api/shops', { company: 'beta-token' })
    expect((b.body as { id: string }[]).map((s) => s.id)).toEqual(['s1', 's2'])
    for (const item of b.body as unknown[]) expect(shop.safeParse(item).success).toBe(true)
  })

  it('reads one shop by id or slug; another company’s shop is 404', async () => {
    expect((await t.call('/api/shops/s1', alpha)).body).toMatchObject({ slug: 'alpha-centre' })
    expect((await t.call('/api/shops/slug/alpha-centre', alpha)).body).toMatchObject({ id: 's1' })
    expect((await t.call('/api/shops/s2', alpha)).status).toBe(404)
    expect((await t.call('/api/shops/slug/beta-geneve', alpha)).status).toBe(404)
    expect((await t.call('/api/shops/slug/Not_A_Slug', alpha)).status).toBe(400)
  })
})

describe('shops: provider writes', () => {
  const body = { slug: 'alpha-annecy', publicInfo: { name: 'Alpha Annecy' } }

  it('refuses writes without a provider session of this company', async () => {
    const cases = [{}, { bearer: customer }, { bearer: provider, company: 'beta-token' }]
    for (const extra of cases) {
      const res = await t.call('/api/shops', { ...alpha, ...extra, json: body })
      expect(res.status).toBe(401)
    }
    const [row] = await t.db
      .select({ n: count() })
      .from(shops)
      .where(eq(shops.slug, 'alpha-annecy'))
    expect(row?.n).toBe(0)
  })

  it('creates, updates and deletes a shop, each publishing a webhook', async () => {
    const created = await t.call('/api/shops', { ...alpha, bearer: provider, json: body })
    expect(created.status).toBe(200)
    const { id } = created.body as { id: string }
    const updated = await t.call(`/api/shops/${id}`, {
      ...alpha,
      method: 'PUT',
      bearer: provider,
      json: { ...body, order: 5 },
    })
    expect(updated.body).toMatchObject({ id, order: 5 })
    const removed = await t.call(`/api/shops/${id}`, {
      ...alpha,
      method: 'DELETE',
      bearer: provider,
    })
    expect(removed.body).toEqual({ ok: true })
    expect((await t.call(`/api/shops/${id}`, alpha)).status).toBe(404)

    const events = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.entityId, id))
      // in the order they were queued: PostgreSQL returns rows the delivery loop updated in any order
      .orderBy(webhookDeliveries.id)
    expect(events.map((e) => JSON.parse(e.body).action)).toEqual(['create', 'update', 'delete'])
    expect(events.every((e) => e.kind === 'shops' && e.host === 'alpha.localhost')).toBe(true)
  })

  it('answers 400 to an invalid shop and writes nothing', async () => {
    const res = await t.call('/api/shops', {
      ...alpha,
      bearer: provider,
      json: { slug: 'x', publicInfo: {} },
    })
    expect(res).toMatchObject({ status: 400, body: { type: 'invalidInput' } })
    expect((await t.call('/api/shops', alpha)).body).toHaveLength(1)
  })

  it('lists back-office shops and pairs one with a webId', async () => {
    const paired = await t.call('/api/shops/artebeaute', {
      ...alpha,
      method: 'PUT',
      bearer: provider,
      json: { artebeauteId: 'nope', webId: 'w1' },
    })
    expect(paired.status).toBe(404)
    const list = await t.call('/api/shops/artebeaute', { ...alpha, bearer: provider })
    expect(list).toEqual({ status: 200, body: [] })
  })
})
