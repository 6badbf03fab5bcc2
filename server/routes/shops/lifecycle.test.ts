import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shop } from '#contract/shop.ts'
import { webhookDeliveries } from '#server/db/schema/index.ts'
import { changedTables, fingerprint, tableNames } from '#server/test/db-fingerprint.ts'
import { DEMO_COMPANY, demoSignIn } from '#server/test/demo-staff.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { insertBookingOrder } from '#server/test/orders.ts'
import { newShop } from '#server/test/shops.ts'

/**
 * A shop created and removed from the studio (docs/decisions/094-shop-lifecycle.md), with the
 * demo users of README "The studio": on bains-du-lac Sophie (owner) and Marc (manager of shops 2
 * and 3); Claire owns maison-lumiere, whose one shop is its last.
 */
const tenants = fileURLToPath(new URL('../../../tenants', import.meta.url))
const BAINS = DEMO_COMPANY.bains
const LUMIERE = DEMO_COMPANY.lumiere
const HOST = 'bains-du-lac.localhost'

type Role = 'owner' | 'manager' | 'foreign'
let t: TestApi
const bearers = new Map<Role, string>()

beforeAll(async () => {
  t = await startTestApi({
    seedFrom: tenants,
    config: { publishWebhookUrls: ['http://127.0.0.1:9/unused'] },
  })
  bearers.set('owner', await demoSignIn(t, 'bainsOwner'))
  bearers.set('manager', await demoSignIn(t, 'bainsManager'))
  bearers.set('foreign', await demoSignIn(t, 'owner'))
})
afterAll(() => t.close())

const as = (role: Role, path: string, method = 'GET', json?: unknown, company: string = BAINS) =>
  t.call(path, {
    company,
    bearer: bearers.get(role) ?? '',
    method,
    ...(json === undefined ? {} : { json }),
  })

async function create(slug: string): Promise<string> {
  const res = await as('owner', '/api/shops', 'POST', newShop(slug))
  expect(res.status).toBe(200)
  return (res.body as { id: string }).id
}

/** Nothing written; the delivery loop keeps updating earlier publish events meanwhile. */
async function nothingWritten(run: () => Promise<void>) {
  const tables = (await tableNames(t.db)).filter((name) => name !== 'webhook_deliveries')
  const before = await fingerprint(t.db, tables)
  await run()
  expect(changedTables(before, await fingerprint(t.db, tables))).toEqual([])
}

/** The publish events of a shop, in the order they were queued (the site's rebuilds). */
async function actionsOf(id: string): Promise<string[]> {
  const events = await t.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.entityId, id))
    .orderBy(webhookDeliveries.id)
  return events.filter((e) => e.kind === 'shops').map((e) => JSON.parse(e.body).action)
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

describe('creating a shop', () => {
  it('the owner creates one: without online booking, listed publicly, a rebuild published', async () => {
    const id = await create('thonon')
    const read = await as('owner', `/api/shops/${id}`)
    const created = shop.parse(read.body)
    expect(created.booker.active).toBe(false)
    expect(created.timeZone).toBe('Europe/Paris')
    const list = await t.call('/api/shops', { company: BAINS })
    expect((list.body as { slug: string }[]).map((s) => s.slug)).toContain('thonon')
    expect(await actionsOf(id)).toEqual(['create'])
  })

  it('refuses a slug another shop has, one the site uses for a page, or no slug at all', async () => {
    await nothingWritten(async () => {
      const taken = await as('owner', '/api/shops', 'POST', newShop('annecy'))
      expect(taken.status).toBe(409)
      expect(taken.body).toMatchObject({ type: 'slugTaken' })
      for (const slug of ['magazine', 'en', 'studio']) {
        const reserved = await as('owner', '/api/shops', 'POST', newShop(slug))
        expect(reserved.status).toBe(400)
        expect(reserved.body).toMatchObject({ type: 'slugReserved' })
      }
      expect((await as('owner', '/api/shops', 'POST', newShop('Thonon Nord'))).status).toBe(400)
      // renaming a shop to a page's address is refused too
      const { id: _id, ...evian } = (await as('owner', '/api/shops/2')).body as { id: string }
      const renamed = await as('owner', '/api/shops/2', 'PUT', { ...evian, slug: 'services' })
      expect(renamed.body).toMatchObject({ type: 'slugReserved' })
    })
  })

  it('a manager creates none; another company’s owner creates in their own company only', async () => {
    await nothingWritten(async () => {
      expect((await as('manager', '/api/shops', 'POST', newShop('morzine'))).status).toBe(403)
    })
    const foreign = await as('foreign', '/api/shops', 'POST', newShop('morzine'), BAINS)
    expect(foreign.status).toBe(401)
  })
})

describe('removing a shop', () => {
  it('is refused while a visit there is still expected, or a bill there still owed', async () => {
    const id = await create('sallanches')
    await insertBookingOrder(t.db, HOST, {
      customerId: null,
      shopId: id,
      start: `${inDays(10)}T10:00`,
    })
    await nothingWritten(async () => {
      const refused = await as('owner', `/api/shops/${id}`, 'DELETE')
      expect(refused.status).toBe(409)
      expect(refused.body).toMatchObject({ type: 'shopHasFutureVisits' })
    })
    const owed = await create('cluses')
    await insertBookingOrder(t.db, HOST, {
      customerId: null,
      shopId: owed,
      status: 'completed',
      totalCents: 8000,
      paidCents: 3000,
      start: `${inDays(-10)}T10:00`,
    })
    const unpaid = await as('owner', `/api/shops/${owed}`, 'DELETE')
    expect(unpaid.status).toBe(409)
    expect(unpaid.body).toMatchObject({ type: 'shopHasUnpaidBills' })
  })

  it('is refused for the company’s last shop', async () => {
    const last = await as('foreign', '/api/shops/1', 'DELETE', undefined, LUMIERE)
    expect(last.status).toBe(409)
    expect(last.body).toMatchObject({ type: 'lastShop' })
  })

  it('a manager removes none, not even theirs; another company’s owner gets 404', async () => {
    await nothingWritten(async () => {
      expect((await as('manager', '/api/shops/3', 'DELETE')).status).toBe(403)
      expect((await as('manager', '/api/shops/1', 'DELETE')).status).toBe(403)
    })
    const id = await create('megeve')
    await nothingWritten(async () => {
      expect((await as('foreign', `/api/shops/${id}`, 'DELETE', undefined, LUMIERE)).status).toBe(
        404,
      )
      expect((await as('foreign', `/api/shops/${id}`, 'GET', undefined, LUMIERE)).status).toBe(404)
      const update = await as('foreign', `/api/shops/${id}`, 'PUT', newShop('megeve'), LUMIERE)
      expect(update.status).toBe(404)
    })
  })

  it('the owner removes it: gone from the public list, its past paid visits still readable', async () => {
    const id = await create('chamonix')
    const past = await insertBookingOrder(t.db, HOST, {
      customerId: null,
      shopId: id,
      status: 'completed',
      start: `${inDays(-3)}T10:00`,
      at: `${inDays(-5)}T10:00:00Z`,
    })
    // a lapsed hold and a cancelled visit keep nobody waiting
    await insertBookingOrder(t.db, HOST, {
      customerId: null,
      shopId: id,
      status: 'cancelled',
      start: `${inDays(5)}T10:00`,
    })
    const removed = await as('owner', `/api/shops/${id}`, 'DELETE')
    expect(removed.status).toBe(200)
    expect((await t.call(`/api/shops/${id}`, { company: BAINS })).status).toBe(404)
    const list = await t.call('/api/shops', { company: BAINS })
    expect((list.body as { id: string }[]).map((s) => s.id)).not.toContain(id)
    expect(await actionsOf(id)).toEqual(['create', 'delete'])

    const order = await t.call(`/bookingOrder/ideorder?ideorder=${past.ideorder}`, {
      bearer: bearers.get('owner') ?? '',
    })
    expect(order.status).toBe(200)
    expect(order.body).toMatchObject({ shopId: id, ideorder: past.ideorder })
    const day = inDays(-3)
    const report = await t.call(`/bookingOrder/report?start=${day}&end=${day}`, {
      bearer: bearers.get('owner') ?? '',
    })
    expect(report.status).toBe(200)
    const byShop = (report.body as { byShop: { shopId: string }[] }).byShop
    expect(byShop.map((row) => row.shopId)).toContain(id)
  })
})
