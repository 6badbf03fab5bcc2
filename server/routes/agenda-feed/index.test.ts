import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedTenant } from '#server/conformance/sessions.ts'
import {
  bookingOrders,
  consentSignatures,
  consentTemplates,
  consentVersions,
  tokens,
} from '#server/db/schema/index.ts'
import { openFeed } from '#server/test/agenda-feed.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { companyRow, insertBookingOrder } from '#server/test/orders.ts'

/**
 * GET /api/agenda/feed (docs/decisions/075-studio-live-agenda.md): a company user's stream of one
 * shop hears every change of its orders and appointments, whoever wrote it (here the database
 * directly, then a status changed through the API), and nothing of another shop or company.
 */
let t: TestApi
let provider = ''
let betaProvider = ''
let customer = ''

beforeAll(async () => {
  t = await startTestApi()
  const alpha = await seedTenant(t, 'alpha')
  provider = alpha.bearers.provider
  customer = alpha.bearers.customer
  betaProvider = (await seedTenant(t, 'beta')).bearers.provider
})
afterAll(() => t?.close())

const feed = (options: { company?: string; bearer?: string | undefined; shopId?: string } = {}) =>
  openFeed(t.url, {
    company: options.company ?? 'alpha-token',
    shopId: options.shopId ?? 's1',
    ...('bearer' in options
      ? options.bearer === undefined
        ? {}
        : { bearer: options.bearer }
      : { bearer: provider }),
  })

describe('the live agenda stream', () => {
  it('opens with ready, then names the order and day of each change at its shop', async () => {
    const stream = await feed()
    expect(stream.status).toBe(200)
    expect(stream.contentType).toContain('text/event-stream')
    await stream.next((e) => e.type === 'ready')
    const started = Date.now()
    const order = await insertBookingOrder(t.db, 'alpha.localhost', {
      customerId: null,
      start: '2030-01-15T10:00',
    })
    const changed = await stream.next(
      (e) => e.type === 'changed' && e.orders.includes(order.id),
      2_000,
    )
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(changed).toEqual({
      type: 'changed',
      shopId: 's1',
      days: ['2030-01-15'],
      orders: [order.id],
    })
    stream.close()
  })

  it('hears a status changed through the API, and nothing of another shop or company', async () => {
    const stream = await feed()
    await stream.next((e) => e.type === 'ready')
    const otherShop = await insertBookingOrder(t.db, 'alpha.localhost', {
      customerId: null,
      shopId: 's2',
    })
    const beta = await insertBookingOrder(t.db, 'beta.localhost', { customerId: null })
    const order = await insertBookingOrder(t.db, 'alpha.localhost', { customerId: null })
    await stream.next((e) => e.type === 'changed' && e.orders.includes(order.id))
    const res = await t.call('/bookingOrder/changeStatus', {
      method: 'PUT',
      bearer: provider,
      json: { m_ideorder: order.ideorder, m_status: 'completed' },
    })
    expect(res.status).toBe(200)
    const alpha = await companyRow(t.db, 'alpha.localhost')
    const [row] = await t.db
      .select({ status: bookingOrders.status })
      .from(bookingOrders)
      .where(and(eq(bookingOrders.companyId, alpha.id), eq(bookingOrders.id, order.id)))
    expect(row?.status).toBe('completed')
    // the order alone changed: no day named
    await stream.next(
      (e) => e.type === 'changed' && e.orders.includes(order.id) && e.days.length === 0,
    )
    const heard = stream.events.flatMap((e) => (e.type === 'changed' ? e.orders : []))
    expect(heard).not.toContain(otherShop.id)
    expect(heard).not.toContain(beta.id)
    stream.close()
  })

  it('hears a consent form signed for an order of the shop: the order, no day', async () => {
    const stream = await feed()
    await stream.next((e) => e.type === 'ready')
    const order = await insertBookingOrder(t.db, 'alpha.localhost', { customerId: null })
    await stream.next((e) => e.type === 'changed' && e.orders.includes(order.id))
    const alpha = await companyRow(t.db, 'alpha.localhost')
    const companyId = alpha.id
    await t.db
      .insert(consentTemplates)
      .values({ companyId, id: 'feed-form', serviceId: 'cut', currentVersionId: 'feed-v1' })
    await t.db.insert(consentVersions).values({
      companyId,
      id: 'feed-v1',
      templateId: 'feed-form',
      number: 1,
      format: 'text',
      texts: { fr: { title: 'Consentement', body: 'Je consens.' } },
      createdBy: 'owner',
    })
    const started = Date.now()
    const before = stream.events.length
    // the signature alone: no order nor appointment row changes (migration 0024)
    await t.db.insert(consentSignatures).values({
      companyId,
      orderId: order.id,
      templateId: 'feed-form',
      versionId: 'feed-v1',
      locale: 'fr',
      title: 'Consentement',
      body: 'Je consens.',
      textHash: 'x',
      fullName: 'Léa Vidal',
      clientAddress: '127.0.0.1',
      signedAt: new Date(),
    })
    const signed = await stream.next(
      (e) =>
        stream.events.indexOf(e) >= before && e.type === 'changed' && e.orders.includes(order.id),
      2_000,
    )
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(signed).toMatchObject({ shopId: 's1', days: [], orders: [order.id] })
    stream.close()
  })

  it('refuses no session, a customer, another company and a shop the company does not have', async () => {
    expect((await feed({ bearer: undefined })).status).toBe(401)
    // wrongAccountKind
    expect((await feed({ bearer: customer })).status).toBe(401)
    // beta's company user with alpha's company header, and at beta for a shop beta lacks
    expect((await feed({ bearer: betaProvider })).status).toBe(401)
    expect((await feed({ company: 'beta-token', bearer: betaProvider, shopId: 's9' })).status).toBe(
      404,
    )
    expect((await feed({ shopId: 'x'.repeat(65) })).status).toBe(400)
    expect((await feed({ shopId: '' })).status).toBe(400)
  })

  // last: it ends every alpha session
  it('ends the streams of a company user whose session ends', async () => {
    const stream = await feed()
    await stream.next((e) => e.type === 'ready')
    // the database announces deleted tokens (a sign-out, a password change, a SQL prompt)
    const alpha = await companyRow(t.db, 'alpha.localhost')
    await t.db.delete(tokens).where(eq(tokens.companyId, alpha.id))
    await expect(stream.ended).resolves.toBeUndefined()
  })
})
