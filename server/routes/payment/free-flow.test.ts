import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  appointmentClaims,
  appointments,
  bookingOrderHistory,
  bookingOrders,
  carts,
  loyaltyCards,
  loyaltyMovements,
  paymentEvents,
  payments,
} from '#server/db/schema/index.ts'
import { bearer, type TestApi } from '#server/test/harness.ts'
import {
  counts,
  customers,
  hold,
  hostOf,
  NOW,
  recordAtShop,
  setClock,
  startPaymentApi,
  tokenOf,
} from '#server/test/payment.ts'

/** The free provider end to end: initialize → pay or callback → confirmed, once. */
let t: TestApi
let bearers: string[]
let staff: string
const FREE = tokenOf('free')
const customer = (i: number) => bearers[i] ?? ''
const later = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString()

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  bearers = await customers(t, hostOf('free'), 6, 'ff')
  staff = await bearer(t, hostOf('free'), 'provider')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

async function heldCart(i: number, time: string) {
  const held = await hold(t, FREE, customer(i), 'cut', time)
  expect(held.status).toBe(200)
  const init = await t.call('/api/payment/initialize', {
    company: FREE,
    bearer: customer(i),
    json: { purpose: 'booking', shopId: 's1' },
  })
  expect(init.status).toBe(200)
  return init.body as { cartId: string; result: { token: string }; prices: Record<string, unknown> }
}

describe('free provider', () => {
  it('initialize → pay confirms the holds and the booking order, the amount due at the shop (decision 012)', async () => {
    setClock(NOW)
    const init = await heldCart(0, '10:00')
    expect(init.prices).toEqual({
      subtotal: { amount: 4200, currency: 'EUR' },
      discount: { amount: 0, currency: 'EUR' },
      total: { amount: 4200, currency: 'EUR' },
    })
    const [paying] = await t.db.select().from(carts).where(eq(carts.id, init.cartId))
    expect(paying).toMatchObject({ status: 'paying', totalCents: 4200 })
    expect(paying?.data.lines).toEqual([
      expect.objectContaining({ articleId: 'cut', total: 4200, vatRate: 20, vatAmount: 700 }),
    ])

    const paid = await t.call('/api/payment/pay', {
      company: FREE,
      bearer: customer(0),
      json: { cartId: init.cartId, paymentToken: init.result.token },
    })
    expect(paid).toEqual({
      status: 200,
      body: {
        status: 'succeeded',
        orderId: init.cartId,
        amountDue: { amount: 4200, currency: 'EUR' },
      },
    })
    const held = await t.db.select().from(appointments).where(eq(appointments.cartId, init.cartId))
    expect(held.map((a) => [a.status, a.expiresAt])).toEqual([['confirmed', null]])
    const claims = await t.db
      .select()
      .from(appointmentClaims)
      .where(eq(appointmentClaims.appointmentId, held[0]?.id ?? ''))
    expect(claims.map((c) => c.status)).toEqual(['confirmed'])
    const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, init.cartId))
    // nothing was paid online: the order says so, the payment waits for the shop, no points
    expect(order).toMatchObject({
      status: 'confirmed',
      totalCents: 4200,
      paidCents: 0,
      paymentProvider: 'free',
    })
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, init.cartId))
    expect(payment).toMatchObject({ status: 'pending', amountCents: 4200, succeededAt: null })
    expect(payment?.data.dueAtShop).toBe(true)
    const card = () =>
      t.db
        .select()
        .from(loyaltyCards)
        .where(eq(loyaltyCards.customerId, order?.customerId ?? ''))
    expect((await card())[0]?.points ?? 0).toBe(0)
    // pay again: the same answer, nothing more
    const again = await t.call('/api/payment/pay', {
      company: FREE,
      bearer: customer(0),
      json: { cartId: init.cartId, paymentToken: init.result.token },
    })
    expect(again.body).toEqual(paid.body)
    // the shop records the 42 € it took: now the order is paid and earns its points
    expect((await recordAtShop(t, FREE, staff, init.cartId, 4200)).body).toEqual({
      orderId: init.cartId,
      status: 'succeeded',
      paid: { amount: 4200, currency: 'EUR' },
      method: 'cash',
    })
    const [recorded] = await t.db
      .select()
      .from(bookingOrders)
      .where(eq(bookingOrders.id, init.cartId))
    expect(recorded).toMatchObject({ status: 'confirmed', paidCents: 4200 })
    expect((await card())[0]?.points).toBe(42)
    const after = await t.call('/api/payment/pay', {
      company: FREE,
      bearer: customer(0),
      json: { cartId: init.cartId, paymentToken: init.result.token },
    })
    expect(after.body).toEqual({ status: 'succeeded', orderId: init.cartId })
  })

  it('a repeated callback changes nothing (counts unchanged), with or without headers', async () => {
    setClock(NOW)
    const init = await heldCart(1, '11:00')
    const tables = {
      appointments,
      bookingOrderHistory,
      paymentEvents,
      payments,
      loyaltyMovements,
    }
    // posted without waiting and without any header; the client's (lower) prices are ignored
    const callback = () =>
      t.call(`/api/payment/callback/${FREE}?payId=${init.cartId}`, {
        json: {
          paymentToken: init.result.token,
          prices: {
            subtotal: { amount: 1, currency: 'EUR' },
            discount: { amount: 0, currency: 'EUR' },
            total: { amount: 1, currency: 'EUR' },
          },
        },
      })
    expect(await callback()).toEqual({ status: 200, body: { ok: true } })
    const once = await counts(t, tables)
    const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, init.cartId))
    expect(order).toMatchObject({ status: 'confirmed', paidCents: 0 })
    expect(await callback()).toEqual({ status: 200, body: { ok: true } })
    expect(await callback()).toEqual({ status: 200, body: { ok: true } })
    const paid = await t.call('/api/payment/pay', {
      company: FREE,
      bearer: customer(1),
      json: { cartId: init.cartId, paymentToken: init.result.token },
    })
    expect(paid.body).toMatchObject({ status: 'succeeded', orderId: init.cartId })
    expect(await counts(t, tables)).toEqual(once)
    const history = await t.db
      .select()
      .from(bookingOrderHistory)
      .where(eq(bookingOrderHistory.bookingOrderId, init.cartId))
    expect(history.map((h) => h.status)).toEqual(['pending', 'confirmed'])
    expect(t.logs).toContainEqual(expect.stringMatching(/client total 1 ignored, charged 4200/))
  })

  it('a wrong token confirms nothing', async () => {
    setClock(NOW)
    const init = await heldCart(2, '12:00')
    const forged = await t.call(`/api/payment/callback/${FREE}?payId=${init.cartId}`, {
      json: { paymentToken: 'guess', prices: init.prices },
    })
    expect(forged).toMatchObject({ status: 404, body: { code: 404, type: 'notFound' } })
    const paid = await t.call('/api/payment/pay', {
      company: FREE,
      bearer: customer(2),
      json: { cartId: init.cartId, paymentToken: 'guess' },
    })
    expect(paid.body).toMatchObject({ status: 'failed', errorType: 'invalidToken' })
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, init.cartId))
    expect(payment?.status).toBe('created')
    const held = await t.db.select().from(appointments).where(eq(appointments.cartId, init.cartId))
    expect(held.map((a) => a.status)).toEqual(['hold'])
  })

  it('holds that lapsed and were taken are not confirmed: the payment fails, nothing is booked', async () => {
    setClock(NOW)
    const init = await heldCart(3, '14:00')
    setClock(later(20))
    // Bruno is booked too, so the newcomer can only take Alice's lapsed 14:00
    expect((await hold(t, FREE, customer(4), 'cut', '14:00')).status).toBe(200)
    expect((await hold(t, FREE, customer(5), 'cut', '14:00')).status).toBe(200)
    const paid = await t.call('/api/payment/pay', {
      company: FREE,
      bearer: customer(3),
      json: { cartId: init.cartId, paymentToken: init.result.token },
    })
    expect(paid.body).toMatchObject({ status: 'failed', errorType: 'holdsExpired' })
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, init.cartId))
    // failed (it bought nothing); nothing was taken, so nothing to send back (decision 012)
    expect(payment).toMatchObject({
      status: 'failed',
      errorType: 'holdsExpired',
      refundedCents: 0,
    })
    const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, init.cartId))
    expect(order?.status).toBe('cancelled')
    const confirmed = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.cartId, init.cartId), eq(appointments.status, 'confirmed')))
    expect(confirmed).toEqual([])
  })
})
