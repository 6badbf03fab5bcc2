import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  appointments,
  bookingOrderHistory,
  bookingOrders,
  carts,
  paymentEvents,
  payments,
} from '#server/db/schema/index.ts'
import { bearer, type TestApi } from '#server/test/harness.ts'
import {
  counts,
  customers,
  hold,
  hostOf,
  setClock,
  startPaymentApi,
  tokenOf,
} from '#server/test/payment.ts'
import { loadRecording, type Replay, replay } from '#server/test/payment-replay.ts'

/** Stripe through the official SDK, against recorded exchanges on 127.0.0.1. */
let t: TestApi
let bearers: string[]
let provider: Replay | undefined
const STRIPE = tokenOf('stripe')
const SECRET = 'whsec_recorded_test_secret'
const customer = (i: number) => bearers[i] ?? ''
const post = (path: string, json: unknown, who?: string) =>
  t.call(path, { company: STRIPE, ...(who ? { bearer: who } : {}), json })

async function recorded(name: string): Promise<Replay> {
  provider = await replay(loadRecording(name))
  process.env.STRIPE_API_BASE = provider.url
  return provider
}

beforeAll(async () => {
  process.env.STRIPE_SECRET_KEY = 'sk_test_recorded'
  process.env.STRIPE_WEBHOOK_SECRET = SECRET
  t = await startPaymentApi(['stripe'])
  bearers = await customers(t, hostOf('stripe'), 2, 'st')
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

function webhook(event: object, secret = SECRET) {
  const payload = JSON.stringify(event)
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret })
  return t.call(`/api/payment/notify/stripe/${STRIPE}`, {
    raw: payload,
    headers: { 'stripe-signature': signature },
  })
}

describe('stripe', () => {
  it('initialize creates a PaymentIntent for the server amount; pay reads it back and confirms', async () => {
    const stripe = await recorded('stripe-create-and-pay')
    expect((await hold(t, STRIPE, customer(0), 'cut', '10:00')).status).toBe(200)
    const init = await post(
      '/api/payment/initialize',
      { purpose: 'booking', shopId: 's1', prices: { total: 1 } },
      customer(0),
    )
    expect(init.status).toBe(200)
    const { cartId, result } = init.body as { cartId: string; result: { token: string } }
    expect(result.token).toBe('pi_3QpayA0000000001_secret_rec0rded')
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
    expect(payment).toMatchObject({
      provider: 'stripe',
      providerRef: 'pi_3QpayA0000000001',
      amountCents: 4200,
    })
    const [create] = stripe.received
    expect(create?.headers.authorization).toBe('Bearer sk_test_recorded')
    expect(create?.headers['idempotency-key']).toBe(`payment-${payment?.id}`)
    expect(create?.body).toMatchObject({
      'metadata[cartId]': cartId,
      'metadata[paymentId]': payment?.id,
    })
    expect((await post('/api/payment/get-scenario', { cartId }, customer(0))).body).toEqual({
      scenario: 'embedded',
    })

    const paid = await post(
      '/api/payment/pay',
      { cartId, paymentToken: 'pi_3QpayA0000000001' },
      customer(0),
    )
    expect(paid.body).toEqual({ status: 'succeeded', orderId: cartId })
    const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, cartId))
    expect(order).toMatchObject({
      status: 'confirmed',
      paidCents: 4200,
      paymentProvider: 'stripe',
      transactionId: 'ch_3QpayA0000000001',
    })
  })

  it('a declined card fails the payment and releases nothing; the signed webhook confirms, once', async () => {
    await recorded('stripe-declined')
    expect((await hold(t, STRIPE, customer(1), 'color', '14:00')).status).toBe(200)
    const init = await post(
      '/api/payment/initialize',
      { purpose: 'booking', shopId: 's1' },
      customer(1),
    )
    const { cartId } = init.body as { cartId: string }
    const declined = await post('/api/payment/pay', { cartId }, customer(1))
    expect(declined.body).toEqual({
      status: 'failed',
      errorType: 'card_error',
      message: 'Your card was declined.',
    })
    const held = await t.db.select().from(appointments).where(eq(appointments.cartId, cartId))
    expect(held.map((a) => a.status)).toEqual(['hold'])
    const [cart] = await t.db.select().from(carts).where(eq(carts.id, cartId))
    expect(cart?.status).toBe('paying')

    const intent = {
      id: 'pi_3QpayB0000000002',
      object: 'payment_intent',
      amount: 2500,
      amount_received: 2500,
      currency: 'eur',
      status: 'succeeded',
      latest_charge: 'ch_3QpayB0000000003',
    }
    const event = {
      id: 'evt_3QpayB0000000001',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    }
    const tables = { appointments, bookingOrderHistory, paymentEvents, payments }
    const before = await counts(t, tables)
    const forged = await webhook(event, 'whsec_someone_else')
    expect(forged).toMatchObject({ status: 400, body: { code: 400, type: 'invalidSignature' } })
    const unsigned = await t.call(`/api/payment/notify/stripe/${STRIPE}`, {
      raw: JSON.stringify(event),
    })
    expect(unsigned.status).toBe(400)
    expect(await counts(t, tables)).toEqual(before)

    expect(await webhook(event)).toEqual({ status: 200, body: { ok: true } })
    const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, cartId))
    expect(order).toMatchObject({
      status: 'confirmed',
      paidCents: 2500,
      transactionId: 'ch_3QpayB0000000003',
    })
    const once = await counts(t, tables)
    expect(await webhook(event)).toEqual({ status: 200, body: { ok: true } })
    expect(await counts(t, tables)).toEqual(once)
    // an event about an intent that is not ours is acknowledged and ignored
    const stranger = {
      ...event,
      id: 'evt_other',
      data: { object: { ...intent, id: 'pi_not_ours' } },
    }
    expect((await webhook(stranger)).status).toBe(200)
  })

  it('refunds through the Refunds API; connect answers from the credentials', async () => {
    await recorded('stripe-refund')
    const [paid] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerRef, 'pi_3QpayA0000000001'))
    const staff = await bearer(t, hostOf('stripe'), 'provider')
    const refund = await post('/api/payment/refund', { orderId: paid?.cartId, amount: 1000 }, staff)
    expect(refund.body).toEqual({
      orderId: paid?.cartId,
      refunded: { amount: 1000, currency: 'EUR' },
    })
    const connect = await t.call('/api/payment/connect?shopId=s1', { company: STRIPE })
    expect(connect.body).toEqual({ connected: true })
  })
})
