import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointments, bookingOrders } from '#server/db/schema/index.ts'
import { spendCustomerCredit } from '#server/services/orders/index.ts'
import { providerBearer } from '#server/test/content.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { companyRow, insertBookingOrder, newCustomer } from '#server/test/orders.ts'

let t: TestApi
let companyId: number
let staff: string
let customer: { id: string; token: string }

beforeAll(async () => {
  t = await startTestApi()
  companyId = (await companyRow(t.db, 'alpha.localhost')).id
  staff = await providerBearer(t.db, 'alpha.localhost')
  customer = await newCustomer(t.db, 'alpha.localhost')
})
afterAll(() => t.close())

const admin = (path: string, options: { json?: unknown; method?: string; bearer?: string } = {}) =>
  t.call(path, { bearer: staff, ...options })

describe('booking admin sessions (no company header)', () => {
  it('the provider bearer names the company', async () => {
    const order = await insertBookingOrder(t.db, 'alpha.localhost', { customerId: customer.id })
    const res = await admin(`/bookingOrder/ideorder?ideorder=${order.ideorder}`)
    expect(res).toMatchObject({ status: 200, body: { id: order.id, ideorder: order.ideorder } })
    const withHeader = await t.call(`/bookingOrder/ideorder?ideorder=${order.ideorder}`, {
      bearer: staff,
      company: 'alpha-token',
    })
    expect(withHeader.status).toBe(200)
  })

  it('refuses no bearer, a bad one, a customer’s, and a header of another company (raw errors)', async () => {
    const path = '/bookingOrder/ideorder?ideorder=x'
    expect(await t.call(path)).toMatchObject({
      status: 401,
      body: { code: 401, type: 'unauthorized' },
    })
    expect(await admin(path, { bearer: 'x'.repeat(43) })).toMatchObject({
      status: 401,
      body: { type: 'invalidToken' },
    })
    expect(await admin(path, { bearer: customer.token })).toMatchObject({
      status: 401,
      body: { type: 'wrongAccountKind' },
    })
    const res = await t.call(path, { bearer: staff, company: 'beta-token' })
    expect(res).toMatchObject({ status: 401, body: { type: 'invalidToken' } })
  })

  it('another company’s order is not found', async () => {
    const beta = await newCustomer(t.db, 'beta.localhost')
    const order = await insertBookingOrder(t.db, 'beta.localhost', { customerId: beta.id })
    expect((await admin(`/bookingOrder/ideorder?ideorder=${order.ideorder}`)).status).toBe(404)
    expect((await admin(`/bookingOrder/customerId?customerId=${beta.id}`)).body).toEqual([])
    const betaStaff = await providerBearer(t.db, 'beta.localhost')
    const own = await admin(`/bookingOrder/ideorder?ideorder=${order.ideorder}`, {
      bearer: betaStaff,
    })
    expect(own.status).toBe(200)
  })

  it('400 for missing or bad query values', async () => {
    expect((await admin('/bookingOrder/ideorder')).status).toBe(400)
    expect((await admin('/bookingOrder/history?sortBy=price')).status).toBe(400)
    expect((await admin('/bookingShops/payment?start=2026-02-01&end=2026-01-01')).status).toBe(400)
  })
})

describe('GET /bookingOrder/customerId', () => {
  it('lists a customer’s orders, newest first', async () => {
    const someone = await newCustomer(t.db, 'alpha.localhost')
    const a = await insertBookingOrder(t.db, 'alpha.localhost', {
      customerId: someone.id,
      at: '2026-01-01T09:00:00Z',
    })
    const b = await insertBookingOrder(t.db, 'alpha.localhost', {
      customerId: someone.id,
      at: '2026-02-01T09:00:00Z',
    })
    const res = await admin(`/bookingOrder/customerId?customerId=${someone.id}`)
    expect((res.body as { id: string }[]).map((o) => o.id)).toEqual([b.id, a.id])
  })
})

describe('PUT /bookingOrder/changeStatus', () => {
  const change = (m_ideorder: string, m_status: string) =>
    admin('/bookingOrder/changeStatus', { method: 'PUT', json: { m_ideorder, m_status } })

  it('moves an order along and records who did it', async () => {
    const order = await insertBookingOrder(t.db, 'alpha.localhost', { customerId: customer.id })
    const res = await change(order.ideorder, 'completed')
    expect(res.status).toBe(200)
    const body = res.body as { status: string; statusHistory: { status: string; by?: string }[] }
    expect(body.status).toBe('completed')
    expect(body.statusHistory.map((h) => h.status)).toEqual(['pending', 'confirmed', 'completed'])
    expect(body.statusHistory.at(-1)?.by).not.toBe('system')
    const again = await change(order.ideorder, 'completed')
    expect((again.body as { statusHistory: unknown[] }).statusHistory).toHaveLength(3)
  })

  it('marks a visit arrived then done, each step with who and when (docs/decisions/075-studio-live-agenda.md)', async () => {
    const order = await insertBookingOrder(t.db, 'alpha.localhost', { customerId: customer.id })
    const arrived = await change(order.ideorder, 'arrived')
    expect(arrived).toMatchObject({ status: 200, body: { status: 'arrived' } })
    const done = await change(order.ideorder, 'completed')
    const body = done.body as { statusHistory: { status: string; by?: string; at: string }[] }
    expect(body.statusHistory.map((h) => h.status)).toEqual([
      'pending',
      'confirmed',
      'arrived',
      'completed',
    ])
    const [staffer] = body.statusHistory.slice(-2).map((h) => h.by)
    expect(staffer).toBeTruthy()
    expect(body.statusHistory.slice(-2).every((h) => h.by === staffer && h.at)).toBe(true)
  })

  it('cancelling frees the appointments; a cancelled order stays cancelled', async () => {
    const order = await insertBookingOrder(t.db, 'alpha.localhost', { customerId: customer.id })
    expect((await change(order.ideorder, 'cancelled')).body).toMatchObject({ status: 'cancelled' })
    const rows = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.companyId, companyId), eq(appointments.bookingOrderId, order.id)))
    expect(rows.map((a) => [a.status, a.cancelReason])).toEqual([['cancelled', 'provider']])
    expect(await change(order.ideorder, 'confirmed')).toMatchObject({
      status: 409,
      body: { type: 'invalidTransition' },
    })
  })

  it('refuses statuses set by payments and refunds, unknown orders and bad bodies', async () => {
    const order = await insertBookingOrder(t.db, 'alpha.localhost', { customerId: customer.id })
    for (const status of ['pending', 'refunded', 'partiallyRefunded']) {
      expect((await change(order.ideorder, status)).status).toBe(409)
    }
    expect((await change('nope', 'completed')).status).toBe(404)
    expect((await change(order.ideorder, 'done')).status).toBe(400)
    const malformed = await t.call('/bookingOrder/changeStatus', {
      method: 'PUT',
      bearer: staff,
      raw: '{',
    })
    expect(malformed).toMatchObject({ status: 400, body: { type: 'invalidJson' } })
  })
})

describe('refunds as credit and the credit calls', () => {
  it('refunds part of an order as credit, then shows where the credit went', async () => {
    const someone = await newCustomer(t.db, 'alpha.localhost')
    const order = await insertBookingOrder(t.db, 'alpha.localhost', {
      customerId: someone.id,
      totalCents: 8000,
    })
    const refund = (amount: number, customerId = someone.id) =>
      admin('/bookingOrder/oldCredit/refund', {
        json: { appointment: { ideorder: order.ideorder, customerId, amount } },
      })
    expect(await refund(3000)).toMatchObject({
      status: 200,
      body: { ideorder: order.ideorder, refunded: { amount: 3000, currency: 'EUR' } },
    })
    const [row] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, order.id))
    expect(row).toMatchObject({ paidCents: 5000, status: 'partiallyRefunded' })
    expect(await refund(6000)).toMatchObject({ status: 409, body: { type: 'refundTooLarge' } })
    expect((await refund(100, customer.id)).status).toBe(404)
    expect((await refund(0)).status).toBe(400)

    await t.db.transaction((tx) =>
      spendCustomerCredit(tx, {
        companyId,
        customerId: someone.id,
        amount: 1200,
        usedBy: 'B-next',
      }),
    )
    expect(
      (await admin(`/bookingOrder/oldCredit/ideorder?ideorder=${order.ideorder}`)).body,
    ).toEqual({
      ideorder: order.ideorder,
      credit: { amount: 3000, currency: 'EUR' },
      remaining: { amount: 1800, currency: 'EUR' },
    })
    const uses = (await admin(`/bookingOrder/eorder/use?ideorder=${order.ideorder}`)).body
    expect(uses).toEqual([
      { ideorder: 'B-next', amount: { amount: 1200, currency: 'EUR' }, at: expect.any(String) },
    ])
    expect((await admin(`/customers/remainingAmount?customerId=${someone.id}`)).body).toEqual({
      remaining: { amount: 1800, currency: 'EUR' },
    })
    expect((await admin('/customers/remainingAmount?customerId=nobody')).status).toBe(404)
    expect((await admin('/bookingOrder/eorder/use?ideorder=nope')).status).toBe(404)
    expect((await admin('/bookingOrder/oldCredit/ideorder?ideorder=nope')).status).toBe(404)
  })

  it('concurrent spends never take more credit than there is', async () => {
    const someone = await newCustomer(t.db, 'alpha.localhost')
    const order = await insertBookingOrder(t.db, 'alpha.localhost', { customerId: someone.id })
    await admin('/bookingOrder/oldCredit/refund', {
      json: { appointment: { ideorder: order.ideorder, customerId: someone.id, amount: 5000 } },
    })
    const applied = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.db.transaction((tx) =>
          spendCustomerCredit(tx, {
            companyId,
            customerId: someone.id,
            amount: 700,
            usedBy: `u${i}`,
          }),
        ),
      ),
    )
    expect(applied.reduce((a, b) => a + b, 0)).toBe(5000)
    expect((await admin(`/customers/remainingAmount?customerId=${someone.id}`)).body).toMatchObject(
      {
        remaining: { amount: 0 },
      },
    )
  })

  it('partialRefund goes through the payment: an order not paid online is 409', async () => {
    const order = await insertBookingOrder(t.db, 'alpha.localhost', { customerId: customer.id })
    const res = await admin('/bookingOrder/partialRefund', {
      json: { appointment: { ideorder: order.ideorder, customerId: customer.id, amount: 100 } },
    })
    expect(res).toMatchObject({ status: 409, body: { type: 'notPaid' } })
    const wrong = await admin('/bookingOrder/partialRefund', {
      json: { appointment: { ideorder: order.ideorder, customerId: 'someone', amount: 100 } },
    })
    expect(wrong.status).toBe(404)
  })
})
