import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, type CompanyRow } from '#server/db/schema/index.ts'
import { refundAsCredit } from '#server/services/payments/index.ts'
import { providerBearer } from '#server/test/content.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { companyRow, insertBookingOrder, newCustomer } from '#server/test/orders.ts'

let t: TestApi
let company: CompanyRow
let staff: string
let linked: { id: string; token: string }
let other: { id: string; token: string }
const A = { company: 'alpha-token' }

beforeAll(async () => {
  t = await startTestApi()
  company = await companyRow(t.db, 'alpha.localhost')
  staff = await providerBearer(t.db, 'alpha.localhost')
  linked = await newCustomer(t.db, 'alpha.localhost', 'ines.moreau@example.com', {
    profiles: [{ firstname: 'Inès', lastname: 'Moreau' }],
    links: [{ artebeauteId: 'AB-77' }],
  })
  await t.db.update(accounts).set({ phone: '+33600000077' }).where(eq(accounts.id, linked.id))
  other = await newCustomer(t.db, 'alpha.localhost', 'paul.durand@example.com', {
    profiles: [{ firstname: 'Paul', lastname: 'Durand' }],
  })
})
afterAll(() => t.close())

const history = (artebeauteId: string, bearer?: string) =>
  t.call(`/api/customers/history?artebeauteId=${artebeauteId}`, {
    ...A,
    ...(bearer ? { bearer } : {}),
  })

describe('GET /api/customers/history (account pages /profile/orders)', () => {
  it('answers the customer’s booking orders with status history and appointments, newest first', async () => {
    const older = await insertBookingOrder(t.db, 'alpha.localhost', {
      customerId: linked.id,
      at: '2026-03-01T10:00:00Z',
      status: 'completed',
    })
    const newer = await insertBookingOrder(t.db, 'alpha.localhost', {
      customerId: linked.id,
      at: '2026-04-01T10:00:00Z',
      start: '2026-04-10T14:30',
    })
    await insertBookingOrder(t.db, 'alpha.localhost', { customerId: other.id })
    for (const id of ['AB-77', linked.id]) {
      const res = await history(id, linked.token)
      expect(res.status).toBe(200)
      const list = res.body as { id: string }[]
      expect(list.map((o) => o.id)).toEqual([newer.id, older.id])
    }
    const [first, second] = (await history('AB-77', linked.token)).body as Record<string, unknown>[]
    expect(first).toMatchObject({
      ideorder: newer.ideorder,
      customerId: linked.id,
      shopId: 's1',
      status: 'confirmed',
      statusHistory: [
        { status: 'pending', at: '2026-04-01T10:00:00.000Z', by: 'system' },
        { status: 'confirmed', at: '2026-04-01T10:01:00.000Z', by: 'system' },
      ],
      appointments: [
        { serviceId: 'a1', start: '2026-04-10T14:30', end: '2026-04-10T15:30', employeeId: 'e1' },
      ],
      total: { amount: 6500, currency: 'EUR' },
      paid: { amount: 6500, currency: 'EUR' },
      paymentProvider: 'free',
      bookerOrigin: 'web',
      createdAt: '2026-04-01T10:00:00.000Z',
    })
    expect(second).toMatchObject({ status: 'completed' })
  })

  it('a provider reads any customer of the company', async () => {
    const res = await history(other.id, staff)
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(1)
  })

  it('refuses another customer’s orders (404), an unknown id, no session, an access session', async () => {
    expect(await history(other.id, linked.token)).toMatchObject({
      status: 404,
      body: { code: 404, type: 'notFound' },
    })
    expect((await history('nobody', staff)).status).toBe(404)
    expect((await history('AB-77')).status).toBe(401)
    const access = await newCustomer(t.db, 'alpha.localhost', 'acc@example.com', {}, 'access')
    expect(await history('AB-77', access.token)).toMatchObject({
      status: 401,
      body: { type: 'wrongAccountKind' },
    })
    expect((await t.call('/api/customers/history', { ...A, bearer: linked.token })).status).toBe(
      400,
    )
  })

  it('another company never sees them', async () => {
    const betaStaff = await providerBearer(t.db, 'beta.localhost')
    const res = await t.call(`/api/customers/history?artebeauteId=${linked.id}`, {
      company: 'beta-token',
      bearer: betaStaff,
    })
    expect(res.status).toBe(404)
    expect(
      (
        await t.call('/api/customers/history?artebeauteId=AB-77', {
          company: 'beta-token',
          bearer: linked.token,
        })
      ).status,
    ).toBe(401)
  })
})

describe('GET /api/customers/remainingamount', () => {
  it('answers the credit left on the account, 0 without any', async () => {
    const customer = await newCustomer(t.db, 'alpha.localhost')
    const order = await insertBookingOrder(t.db, 'alpha.localhost', { customerId: customer.id })
    const remaining = async () =>
      (
        await t.call(`/api/customers/remainingamount?artebeauteId=${customer.id}`, {
          ...A,
          bearer: customer.token,
        })
      ).body
    expect(await remaining()).toEqual({ remaining: { amount: 0, currency: 'EUR' } })
    await refundAsCredit(t.db, company, {
      ideorder: order.ideorder,
      customerId: customer.id,
      amount: 2000,
      by: 'test',
    })
    expect(await remaining()).toEqual({ remaining: { amount: 2000, currency: 'EUR' } })
    const theirs = await t.call(`/api/customers/remainingamount?artebeauteId=${customer.id}`, {
      ...A,
      bearer: other.token,
    })
    expect(theirs.status).toBe(404)
  })
})

describe('GET /api/customers/artebeaute', () => {
  it('answers the back-office record once linked, null before', async () => {
    const mine = await t.call('/api/customers/artebeaute', { ...A, bearer: linked.token })
    expect(mine).toMatchObject({
      status: 200,
      body: {
        artebeauteId: 'AB-77',
        firstname: 'Inès',
        lastname: 'Moreau',
        email: 'ines.moreau@example.com',
        phone: '+33600000077',
      },
    })
    expect(
      (await t.call('/api/customers/artebeaute', { ...A, bearer: other.token })).body,
    ).toBeNull()
    expect((await t.call('/api/customers/artebeaute', { ...A, bearer: staff })).status).toBe(401)
  })
})

describe('POST /api/customers/artebeaute/search', () => {
  const search = (json: unknown, bearer = staff) =>
    t.call('/api/customers/artebeaute/search', { ...A, bearer, json })

  it('finds customers by name, e-mail or phone, paged', async () => {
    const byName = await search({ filter: 'moreau' })
    expect(byName.status).toBe(200)
    expect(byName.body).toMatchObject({ total: 1, page: 1, itemPerPage: 20 })
    expect((byName.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({ artebeauteId: 'AB-77', lastname: 'Moreau' }),
    ])
    expect((await search({ filter: '0077' })).body).toMatchObject({ total: 1 })
    expect((await search({ filter: 'PAUL.DURAND' })).body).toMatchObject({ total: 1 })
    expect((await search({ filter: '%' })).body).toMatchObject({ total: 0 })
    const all = (await search({})).body as { total: number }
    const page = (await search({ page: 2, enregbypage: 1 })).body as { items: unknown[] }
    expect(all.total).toBeGreaterThan(2)
    expect(page.items).toHaveLength(1)
  })

  it('refuses a customer session and bad paging', async () => {
    expect((await search({}, linked.token)).status).toBe(401)
    expect((await search({ enregbypage: 101 })).status).toBe(400)
    expect((await search({ page: 0 })).status).toBe(400)
  })
})
