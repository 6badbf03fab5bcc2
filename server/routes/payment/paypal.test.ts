import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { appointments, bookingOrders, payments } from '#server/db/schema/index.ts'
import { bearer, type TestApi } from '#server/test/harness.ts'
import {
  customers,
  hold,
  hostOf,
  setClock,
  startPaymentApi,
  tokenOf,
} from '#server/test/payment.ts'
import { loadRecording, type Replay, replay } from '#server/test/payment-replay.ts'

/** PayPal Orders v2 (create, capture, refund) against recorded exchanges on 127.0.0.1. */
let t: TestApi
let bearers: string[]
let provider: Replay | undefined
const PAYPAL = tokenOf('paypal')
const customer = (i: number) => bearers[i] ?? ''
const post = (path: string, json: unknown, who?: string) =>
  t.call(path, { company: PAYPAL, ...(who ? { bearer: who } : {}), json })

async function recorded(name: string): Promise<Replay> {
  provider = await replay(loadRecording(name))
  process.env.PAYPAL_API_BASE = provider.url
  return provider
}

beforeAll(async () => {
  process.env.PAYPAL_CLIENT_ID = 'recorded-client'
  process.env.PAYPAL_CLIENT_SECRET = 'recorded-secret'
  t = await startPaymentApi(['paypal'])
  bearers = await customers(t, hostOf('paypal'), 2, 'pay')
}, 120_000)
afterEach(async () => {
  expect(provider?.mismatches).toEqual([])
  expect(provider?.pending()).toBe(0)
  await provider?.close()
  provider = undefined
})
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

describe('paypal', () => {
  it('initialize creates the order for the server amount; pay with its id captures and confirms', async () => {
    const paypal = await recorded('paypal-create-capture')
    expect((await hold(t, PAYPAL, customer(0), 'cut', '10:00')).status).toBe(200)
    const init = await post(
      '/api/payment/initialize',
      { purpose: 'booking', shopId: 's1' },
      customer(0),
    )
    expect(init.status).toBe(200)
    const { cartId, result, prices } = init.body as {
      cartId: string
      result: { token: string }
      prices: unknown
    }
    expect(result.token).toBe('5O190127TN364715T')
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
    const [oauth, create] = paypal.received
    const basic = `Basic ${Buffer.from('recorded-client:recorded-secret').toString('base64')}`
    expect(oauth?.headers.authorization).toBe(basic)
    expect(create?.headers.authorization).toBe('Bearer A21AArecordedAccessToken')
    expect(create?.headers['paypal-request-id']).toBe(`payment-${payment?.id}`)
    expect(create?.body).toMatchObject({
      purchase_units: [{ reference_id: cartId, custom_id: payment?.id }],
    })

    // the buttons' callback (decision 024): the approved order of this payment is acknowledged,
    // another is unknown; neither settles anything nor calls PayPal
    const callback = (token: string) =>
      t.call(`/api/payment/callback/${PAYPAL}?payId=${cartId}`, {
        json: { paymentToken: token, prices },
      })
    const calls = paypal.received.length
    expect((await callback('SOMEONE-ELSE')).status).toBe(404)
    const acknowledged = await callback(result.token)
    expect(acknowledged.body).toEqual({ ok: true })
    expect(acknowledged.status).toBe(200)
    expect(paypal.received.length).toBe(calls)
    const [approved] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
    expect(approved?.status).toBe(payment?.status)

    // another order id is not this payment: nothing is captured
    const wrong = await post(
      '/api/payment/pay',
      { cartId, paymentToken: 'SOMEONE-ELSE' },
      customer(0),
    )
    expect(wrong.body).toMatchObject({ status: 'failed', errorType: 'invalidToken' })
    const paid = await post('/api/payment/pay', { cartId, paymentToken: result.token }, customer(0))
    expect(paid.body).toEqual({ status: 'succeeded', orderId: cartId })
    expect(paypal.received.at(-1)?.headers['paypal-request-id']).toBe(`capture-${payment?.id}`)
    const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, cartId))
    expect(order).toMatchObject({
      status: 'confirmed',
      paidCents: 4200,
      transactionId: '3C679366HH908993F',
    })
  })

  it('refunds part of the capture', async () => {
    await recorded('paypal-refund')
    const [paid] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerRef, '5O190127TN364715T'))
    const staff = await bearer(t, hostOf('paypal'), 'provider')
    const refund = await post('/api/payment/refund', { orderId: paid?.cartId, amount: 1000 }, staff)
    expect(refund.body).toEqual({
      orderId: paid?.cartId,
      refunded: { amount: 1000, currency: 'EUR' },
    })
  })

  it('a declined capture fails the payment and keeps the holds', async () => {
    await recorded('paypal-declined')
    expect((await hold(t, PAYPAL, customer(1), 'color', '14:00')).status).toBe(200)
    const init = await post(
      '/api/payment/initialize',
      { purpose: 'booking', shopId: 's1' },
      customer(1),
    )
    const { cartId, result } = init.body as { cartId: string; result: { token: string } }
    const paid = await post('/api/payment/pay', { cartId, paymentToken: result.token }, customer(1))
    expect(paid.body).toMatchObject({ status: 'failed', errorType: 'card_error' })
    const held = await t.db.select().from(appointments).where(eq(appointments.cartId, cartId))
    expect(held.map((a) => a.status)).toEqual(['hold'])
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
    expect(payment).toMatchObject({ status: 'failed', errorType: 'card_error' })
  })
})
