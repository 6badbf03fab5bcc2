import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publishedFor } from '#server/test/content.ts'
import { changedTables, fingerprint, tableNames } from '#server/test/db-fingerprint.ts'
import { DEMO_COMPANY, demoStaffCalls } from '#server/test/demo-staff.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * Products' stock per shop and e-shop categories from the studio
 * (docs/decisions/088-studio-products-and-service-options.md), with the demo users of README
 * "The studio": maison-lumiere's owner Claire, Hugo (manager of its one shop), Inès
 * (practitioner); bains-du-lac's owner Sophie and Marc (manager of shops 2 and 3).
 */
const tenants = fileURLToPath(new URL('../../../tenants', import.meta.url))
const LUMIERE = DEMO_COMPANY.lumiere

let t: TestApi
let as: Awaited<ReturnType<typeof demoStaffCalls>>

beforeAll(async () => {
  t = await startTestApi({
    seedFrom: tenants,
    config: { publishWebhookUrls: ['http://127.0.0.1:9/unused'] },
  })
  as = await demoStaffCalls(t, ['owner', 'manager', 'practitioner', 'bainsOwner', 'bainsManager'])
})
afterAll(() => t.close())

async function nothingWritten(run: () => Promise<void>) {
  const tables = await tableNames(t.db)
  const before = await fingerprint(t.db, tables)
  await run()
  // the relay retries the earlier writes' webhooks meanwhile: new deliveries would be new rows
  const changed = changedTables(before, await fingerprint(t.db, tables))
  expect(
    changed.filter((line) => !/^webhook_deliveries: (\d+) rows -> \1 rows$/.test(line)),
  ).toEqual([])
}

const product = (slug: string) => ({
  name: { fr: 'Produit test', en: 'Test product' },
  slug,
  type: '2',
  prices: 1990,
  draft: true,
  booker: { enableStock: true },
})

describe("a product's stock per shop", () => {
  it('is set by the owner and the manager of the shop, and sold on the site from that count', async () => {
    const made = await as('owner', '/api/articles', 'POST', { ...product('stock-a'), draft: false })
    const { id } = made.body as { id: string }
    expect((await as('owner', `/api/eshop/shop-stock/${id}`)).body).toEqual([])
    const set = await as('owner', `/api/eshop/shop-stock/${id}`, 'PUT', {
      shopId: '1',
      quantity: 4,
    })
    expect(set).toMatchObject({ status: 200, body: { shopId: '1', quantity: 4 } })
    const visitor = { company: LUMIERE }
    expect((await t.call(`/api/eshop/stock/${id}/1`, visitor)).body).toEqual({
      articleId: id,
      stock: 4,
    })
    await as('manager', `/api/eshop/shop-stock/${id}`, 'PUT', { shopId: '1', quantity: 0 })
    expect((await as('manager', `/api/eshop/shop-stock/${id}`)).body).toEqual([
      { shopId: '1', quantity: 0 },
    ])
    expect((await t.call(`/api/eshop/stock/${id}/1`, visitor)).body).toMatchObject({ stock: 0 })
  })

  it('refuses a practitioner, another shop, another company, and what is not a product', async () => {
    const made = await as('bainsOwner', '/api/articles', 'POST', product('stock-b'))
    const { id } = made.body as { id: string }
    await as('bainsOwner', `/api/eshop/shop-stock/${id}`, 'PUT', { shopId: '1', quantity: 3 })
    // Marc manages shops 2 and 3: he sees and sets theirs only
    expect((await as('bainsManager', `/api/eshop/shop-stock/${id}`)).body).toEqual([])
    const mine = await as('bainsManager', `/api/eshop/shop-stock/${id}`, 'PUT', {
      shopId: '2',
      quantity: 5,
    })
    expect(mine.status).toBe(200)
    await nothingWritten(async () => {
      const statuses = [
        (
          await as('bainsManager', `/api/eshop/shop-stock/${id}`, 'PUT', {
            shopId: '1',
            quantity: 9,
          })
        ).status,
        (await as('practitioner', '/api/eshop/shop-stock/201')).status,
        (await as('practitioner', '/api/eshop/shop-stock/201', 'PUT', { shopId: '1', quantity: 9 }))
          .status,
      ]
      expect(statuses).toEqual([403, 403, 403])
      // another company's product, a service, an unknown shop: as if absent
      const absent = [
        (await as('owner', `/api/eshop/shop-stock/${id}`)).status,
        (await as('owner', `/api/eshop/shop-stock/${id}`, 'PUT', { shopId: '1', quantity: 1 }))
          .status,
        (await as('bainsOwner', '/api/eshop/shop-stock/101', 'PUT', { shopId: '1', quantity: 1 }))
          .status,
        (
          await as('bainsOwner', `/api/eshop/shop-stock/${id}`, 'PUT', {
            shopId: '99',
            quantity: 1,
          })
        ).status,
      ]
      expect(absent).toEqual([404, 404, 404, 404])
      const negative = await as('owner', '/api/eshop/shop-stock/201', 'PUT', {
        shopId: '1',
        quantity: -1,
      })
      expect(negative.status).toBe(400)
    })
    expect((await as('bainsOwner', `/api/eshop/shop-stock/${id}`)).body).toEqual([
      { shopId: '1', quantity: 3 },
      { shopId: '2', quantity: 5 },
    ])
  })
})

describe('e-shop categories', () => {
  const category = { slug: 'coffrets', order: 5, name: { fr: 'Coffrets', en: 'Gift boxes' } }

  it("are the owner's to write, each write publishing a rebuild", async () => {
    const made = await as('owner', '/api/eshopcategories', 'POST', category)
    expect(made).toMatchObject({ status: 200, body: { slug: 'coffrets', articles: [] } })
    const { id } = made.body as { id: string }
    const linked = { ...category, articles: [{ id: '201', slug: 'serum-eclat-vitamine-c' }] }
    expect((await as('owner', `/api/eshopcategories/${id}`, 'PUT', linked)).status).toBe(200)
    const listed = (await t.call('/api/eshopcategories', { company: LUMIERE })).body
    expect(listed).toContainEqual({ id, ...linked })
    expect((await as('owner', `/api/eshopcategories/${id}`, 'DELETE')).body).toEqual({ ok: true })
    expect((await publishedFor(t.db, id)).map((e) => [e.kind, e.action])).toEqual([
      ['catalogue', 'create'],
      ['catalogue', 'update'],
      ['catalogue', 'delete'],
    ])
  })

  it('are refused to a manager, a practitioner and another company', async () => {
    await nothingWritten(async () => {
      const statuses = [
        (await as('manager', '/api/eshopcategories', 'POST', category)).status,
        (await as('manager', '/api/eshopcategories/31', 'DELETE')).status,
        (await as('practitioner', '/api/eshopcategories/31', 'PUT', category)).status,
        (await as('bainsOwner', '/api/eshopcategories/31', 'PUT', category)).status,
      ]
      expect(statuses).toEqual([403, 403, 403, 404])
    })
  })
})
