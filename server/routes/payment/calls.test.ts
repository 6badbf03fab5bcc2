import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingOrderHistory, bookingOrders, carts, payments } from '#server/db/schema/index.ts'
import { bearer, type TestApi } from '#server/test/harness.ts'
import {
  customers,
  hold,
  hostOf,
  recordAtShop,
  setClock,
  startPaymentApi,
  tokenOf,
} from '#server/test/payment.ts'

/** The calls around a payment: message, token, scenario, return page, connect, refunds. */
let t: TestApi
let bearers: string[]
let staff: string
const FREE = tokenOf('free')
const customer = (i: number) => bearers[i] ?? ''
const post = (path: string, json: unknown, who?: string) =>
  t.call(path, {
    company: FREE,
    method: 'POST',
    ...(who ? { bearer: who } : {}),
    ...(json === undefined ? {} : { json }),
  })

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  bearers = await customers(t, hostOf('free'), 4, 'cc')
  staff = await bearer(t, hostOf('free'), 'provider')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

async function initialised(i: number, time: string) {
  expect((await hold(t, FREE, customer(i), 'cut', time)).status).toBe(200)
  const res = await post(
    '/api/payment/initialize',
    { purpose: 'booking', shopId: 's1' },
    customer(i),
  )
  expect(res.status).toBe(200)
  return res.body as { cartId: string; result: { token: string } }
}

describe('around the payment', () => {
  it('update-message, token, get-scenario and success before and after paying', async () => {
    const { cartId, result } = await initialised(0, '10:00')
    expect(
      await post(
        '/api/payment/update-message',
        { cartId, message: 'Allergic to latex' },
        customer(0),
      ),
    ).toEqual({ status: 200, body: { ok: true } })
    const [cart] = await t.db.select().from(carts).where(eq(carts.id, cartId))
    expect(cart?.message).toBe('Allergic to latex')
    const long = await post(
      '/api/payment/update-message',
      { cartId, message: 'x'.repeat(2001) },
      customer(0),
    )
    expect(long).toMatchObject({ status: 400, body: { type: 'invalidInput' } })

    expect((await post('/api/payment/token', { cartId }, customer(0))).body).toEqual({
      token: result.token,
    })
    expect((await post('/api/payment/get-scenario', { cartId }, customer(0))).body).toEqual({
      scenario: 'none',
    })
    expect((await post(`/api/payment/success/${cartId}`, undefined, customer(0))).body).toEqual({
      orderId: cartId,
      status: 'pending',
    })

    await post('/api/payment/pay', { cartId, paymentToken: result.token }, customer(0))
    expect((await post(`/api/payment/success/${cartId}`, undefined, customer(0))).body).toEqual({
      orderId: cartId,
      status: 'succeeded',
    })
    // nothing left to pay: no token
    expect(await post('/api/payment/token', { cartId }, customer(0))).toMatchObject({
      status: 409,
      body: { type: 'cartNotPayable' },
    })
    // without a session the customer's cart is not found
    expect((await post('/api/payment/token', { cartId })).status).toBe(404)
  })

  it('connect says whether the account can take payments; an unknown shop is 404', async () => {
    expect(await t.call('/api/payment/connect?shopId=s1', { company: FREE })).toEqual({
      status: 200,
      body: { connected: true },
    })
    expect((await t.call('/api/payment/connect?shopId=nope', { company: FREE })).status).toBe(404)
    expect((await t.call('/api/payment/connect', { company: FREE })).status).toBe(400)
  })
})

describe('refunds (provider session)', () => {
  it('a partial then the full refund: amounts guarded, booking order follows', async () => {
    const { cartId, result } = await initialised(1, '11:00')
    await post('/api/payment/pay', { cartId, paymentToken: result.token }, customer(1))
    const refund = (json: unknown, who = staff) => post('/api/payment/refund', json, who)
    // decision 012: due at the shop, nothing paid yet, nothing to refund
    expect(await refund({ orderId: cartId, amount: 1000 })).toMatchObject({
      status: 409,
      body: { type: 'notPaid' },
    })
    expect((await recordAtShop(t, FREE, staff, cartId, 4200)).status).toBe(200)

    expect((await refund({ orderId: cartId, amount: 1000 }, customer(1))).status).toBe(401)
    expect(await refund({ orderId: cartId, amount: 1000 })).toEqual({
      status: 200,
      body: { orderId: cartId, refunded: { amount: 1000, currency: 'EUR' } },
    })
    let [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, cartId))
    expect(order).toMatchObject({ status: 'partiallyRefunded', paidCents: 3200 })
    expect(await refund({ orderId: cartId, amount: 5000 })).toMatchObject({
      status: 409,
      body: { type: 'refundTooLarge' },
    })
    expect(await post('/api/payment/payzen/refund', { orderId: cartId }, staff)).toMatchObject({
      status: 409,
      body: { type: 'wrongProvider' },
    })
    expect(
      (
        await t.call(`/api/payment/refund?shopId=s2`, {
          company: FREE,
          bearer: staff,
          json: { orderId: cartId },
        })
      ).status,
    ).toBe(404)

    expect((await refund({ orderId: cartId })).body).toEqual({
      orderId: cartId,
      refunded: { amount: 4200, currency: 'EUR' },
    })
    ;[order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, cartId))
    expect(order).toMatchObject({ status: 'refunded', paidCents: 0 })
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 4200 })
    expect(payment?.data.refunds).toHaveLength(2)
    const history = await t.db
      .select()
      .from(bookingOrderHistory)
      .where(eq(bookingOrderHistory.bookingOrderId, cartId))
    expect(history.map((h) => h.status)).toEqual([
      'pending',
      'confirmed',
      'partiallyRefunded',
      'refunded',
    ])
    expect(await refund({ orderId: cartId })).toMatchObject({
      status: 400,
      body: { type: 'invalidInput' },
    })
  })

  it('two refunds at once never return more than was paid', async () => {
    const { cartId, result } = await initialised(2, '14:00')
    await post('/api/payment/pay', { cartId, paymentToken: result.token }, customer(2))
    expect((await recordAtShop(t, FREE, staff, cartId, 4200)).status).toBe(200)
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post('/api/payment/refund', { orderId: cartId, amount: 1000 }, staff),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2)
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
    expect(payment?.refundedCents).toBe(4000)
  })

  it('an unpaid or unknown order cannot be refunded', async () => {
    const { cartId } = await initialised(3, '16:00')
    expect(await post('/api/payment/refund', { orderId: cartId }, staff)).toMatchObject({
      status: 409,
      body: { type: 'notPaid' },
    })
    expect((await post('/api/payment/refund', { orderId: 'nope' }, staff)).status).toBe(404)
    expect((await post('/api/payment/refund', { orderId: cartId, amount: -5 }, staff)).status).toBe(
      400,
    )
  })
})
