import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  appointments,
  bookingOrderHistory,
  bookingOrders,
  carts,
  loyaltyCards,
  loyaltyMovements,
  paymentEvents,
  payments,
} from '#server/db/schema/index.ts'
import { resetPaypalTokens } from '#server/services/payments/index.ts'
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
import { loadRecording, type Recording, type Replay, replay } from '#server/test/payment-replay.ts'

/**
 * PayPal webhooks (POST /api/payment/notify/paypal/<token>), each delivery verified with
 * PayPal's verify-webhook-signature call, against recorded exchanges on 127.0.0.1.
 */
let t: TestApi
let bearers: string[]
let provider: Replay | undefined
const PAYPAL = tokenOf('paypal')
const WEBHOOK_ID = '4JH86294D6297924G'
const CERT_URL =
  'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77'
const customer = (i: number) => bearers[i] ?? ''
const post = (path: string, json: unknown, who?: string) =>
  t.call(path, { company: PAYPAL, ...(who ? { bearer: who } : {}), json })
const tables = {
  appointments,
  bookingOrderHistory,
  bookingOrders,
  carts,
  loyaltyCards,
  loyaltyMovements,
  paymentEvents,
  payments,
}

async function recorded(recording: string | Recording): Promise<Replay> {
  resetPaypalTokens()
  provider = await replay(typeof recording === 'string' ? loadRecording(recording) : recording)
  process.env.PAYPAL_API_BASE = provider.url
  return provider
}
const nothingRecorded: Recording = { description: 'no call to PayPal', exchanges: [] }

beforeAll(async () => {
  process.env.PAYPAL_CLIENT_ID = 'recorded-client'
  process.env.PAYPAL_CLIENT_SECRET = 'recorded-secret'
  process.env.PAYPAL_WEBHOOK_ID = WEBHOOK_ID
  t = await startPaymentApi(['paypal'])
  bearers = await customers(t, hostOf('paypal'), 4, 'ppw')
}, 120_000)
afterEach(async () => {
  process.env.PAYPAL_WEBHOOK_ID = WEBHOOK_ID
  expect(provider?.mismatches).toEqual([])
  expect(provider?.pending()).toBe(0)
  await provider?.close()
  provider = undefined
})
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

/** The PAYPAL-* transmission headers of one delivery. */
const signed = (transmission = randomUUID()) => ({
  'paypal-auth-algo': 'SHA256withRSA',
  'paypal-cert-url': CERT_URL,
  'paypal-transmission-id': transmission,
  'paypal-transmission-sig': 'c2lnbmF0dXJlIGFzIHJlY29yZGVk',
  'paypal-transmission-time': '2027-04-26T08:05:00Z',
})

function webhook(event: object, headers: Record<string, string> = signed()) {
  return t.call(`/api/payment/notify/paypal/${PAYPAL}`, { raw: JSON.stringify(event), headers })
}

/** A webhook event as PayPal sends it (developer.paypal.com/api/rest/webhooks/event-names). */
function event(id: string, type: string, resourceType: string, resource: object) {
  return {
    id,
    event_version: '1.0',
    create_time: '2027-04-26T08:05:00.000Z',
    resource_type: resourceType,
    resource_version: '2.0',
    event_type: type,
    summary: `${type} (recorded)`,
    resource,
    links: [
      {
        href: `https://api.sandbox.paypal.com/v1/notifications/webhooks-events/${id}`,
        rel: 'self',
        method: 'GET',
      },
    ],
  }
}

function capture(
  captureId: string,
  orderId: string,
  status: string,
  value: string,
  paymentId?: string,
) {
  return {
    id: captureId,
    status,
    amount: { currency_code: 'EUR', value },
    final_capture: true,
    ...(paymentId ? { custom_id: paymentId } : {}),
    supplementary_data: { related_ids: { order_id: orderId } },
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED'] },
    links: [
      {
        href: `https://api.sandbox.paypal.com/v2/payments/captures/${captureId}`,
        rel: 'self',
        method: 'GET',
      },
      {
        href: `https://api.sandbox.paypal.com/v2/checkout/orders/${orderId}`,
        rel: 'up',
        method: 'GET',
      },
    ],
    create_time: '2027-04-26T08:04:58Z',
    update_time: '2027-04-26T08:04:58Z',
  }
}

function refundResource(refundId: string, captureId: string, value: string, total: string) {
  const eur = (v: string) => ({ currency_code: 'EUR', value: v })
  return {
    id: refundId,
    status: 'COMPLETED',
    amount: eur(value),
    seller_payable_breakdown: {
      gross_amount: eur(value),
      paypal_fee: eur('0.00'),
      net_amount: eur(value),
      total_refunded_amount: eur(total),
    },
    links: [
      {
        href: `https://api.sandbox.paypal.com/v2/payments/refunds/${refundId}`,
        rel: 'self',
        method: 'GET',
      },
      {
        href: `https://api.sandbox.paypal.com/v2/payments/captures/${captureId}`,
        rel: 'up',
        method: 'GET',
      },
    ],
  }
}

async function initialized(i: number, service: 'cut' | 'color', time: string) {
  expect((await hold(t, PAYPAL, customer(i), service, time)).status).toBe(200)
  const init = await post(
    '/api/payment/initialize',
    { purpose: 'booking', shopId: 's1' },
    customer(i),
  )
  expect(init.status).toBe(200)
  const { cartId } = init.body as { cartId: string }
  const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
  if (!payment) throw new Error('no payment')
  return { cartId, payment }
}

const completedEvent = (paymentId: string) =>
  event(
    'WH-2WR32451HC0233532-67976317FL4543714',
    'PAYMENT.CAPTURE.COMPLETED',
    'capture',
    capture('0VF52814937998046', '7PW80617X4385394C', 'COMPLETED', '42.00', paymentId),
  )

describe('paypal webhooks', () => {
  it('an unsigned delivery is refused without asking PayPal; a forged one PayPal refuses', async () => {
    const paypal = await recorded(nothingRecorded)
    const anything = event('WH-FORGED', 'PAYMENT.CAPTURE.COMPLETED', 'capture', {
      ...capture('FORGED', 'FORGED-ORDER', 'COMPLETED', '42.00'),
    })
    const before = await counts(t, tables)
    const unsigned = await t.call(`/api/payment/notify/paypal/${PAYPAL}`, {
      raw: JSON.stringify(anything),
    })
    expect(unsigned).toMatchObject({ status: 400, body: { code: 400, type: 'invalidSignature' } })
    const { 'paypal-transmission-sig': _sig, ...partly } = signed()
    expect((await webhook(anything, partly)).status).toBe(400)
    // not one JSON object: nothing is spliced into the verification call
    const spliced = await t.call(`/api/payment/notify/paypal/${PAYPAL}`, {
      raw: '{"id":"WH-1"},"webhook_id":"someone-else"',
      headers: signed(),
    })
    expect(spliced).toMatchObject({ status: 400, body: { type: 'invalidSignature' } })
    expect(paypal.received).toEqual([])
    // no webhook id configured: the delivery cannot be verified (503), nothing done
    delete process.env.PAYPAL_WEBHOOK_ID
    expect(await webhook(anything)).toMatchObject({
      status: 503,
      body: { type: 'paymentNotConfigured' },
    })
    expect(await counts(t, tables)).toEqual(before)
  })

  it('a delivery PayPal does not verify changes nothing', async () => {
    const paypal = await recorded('paypal-webhook-unverified')
    const before = await counts(t, tables)
    const forged = event('WH-FORGED-2', 'PAYMENT.CAPTURE.COMPLETED', 'capture', {
      ...capture('FORGED', 'FORGED-ORDER', 'COMPLETED', '42.00'),
    })
    expect(await webhook(forged)).toMatchObject({
      status: 400,
      body: { code: 400, type: 'invalidSignature' },
    })
    expect(await counts(t, tables)).toEqual(before)
    expect(paypal.received.at(-1)?.body).toMatchObject({ webhook_event: forged })
  })

  it('PAYMENT.CAPTURE.COMPLETED settles the payment as pay does, once per event', async () => {
    const paypal = await recorded('paypal-webhook-capture')
    const { cartId, payment } = await initialized(0, 'cut', '10:00')
    const completed = completedEvent(payment.id)
    const transmission = randomUUID()
    expect(await webhook(completed, signed(transmission))).toEqual({
      status: 200,
      body: { ok: true },
    })
    // the verification call: the transmission headers, our webhook id, the event as sent
    const verification = paypal.received.at(-1)
    expect(verification?.headers.authorization).toBe('Bearer A21AAwebhookToken2')
    expect(verification?.body).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: CERT_URL,
      transmission_id: transmission,
      transmission_sig: 'c2lnbmF0dXJlIGFzIHJlY29yZGVk',
      transmission_time: '2027-04-26T08:05:00Z',
      webhook_id: WEBHOOK_ID,
      webhook_event: completed,
    })
    const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, cartId))
    expect(order).toMatchObject({
      status: 'confirmed',
      paidCents: 4200,
      paymentProvider: 'paypal',
      transactionId: '0VF52814937998046',
    })
    const [paid] = await t.db.select().from(payments).where(eq(payments.id, payment.id))
    expect(paid).toMatchObject({ status: 'succeeded' })
    expect(paid?.data).toMatchObject({ captureId: '0VF52814937998046' })
    const held = await t.db.select().from(appointments).where(eq(appointments.cartId, cartId))
    expect(held.map((a) => a.status)).toEqual(['confirmed'])
    const [card] = await t.db.select().from(loyaltyCards).where(eq(loyaltyCards.customerId, 'ppw0'))
    expect(card?.points).toBe(42)
    const events = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventKey, completed.id))
    expect(events).toHaveLength(1)

    // the same event again (PayPal retries): verified, then nothing changes
    const once = await counts(t, tables)
    expect(await webhook(completed)).toEqual({ status: 200, body: { ok: true } })
    expect(await counts(t, tables)).toEqual(once)
    // the browser's pay afterwards: already paid, the same order
    expect((await post('/api/payment/pay', { cartId }, customer(0))).body).toEqual({
      status: 'succeeded',
      orderId: cartId,
    })
    // an order that is not ours (the PayPal account may serve other systems): ignored
    const stranger = event(
      'WH-STRANGER',
      'PAYMENT.CAPTURE.COMPLETED',
      'capture',
      capture('5XX00000000000000', 'NOT-OURS-ORDER', 'COMPLETED', '42.00'),
    )
    expect(await webhook(stranger)).toEqual({ status: 200, body: { ok: true } })
    expect(await counts(t, tables)).toEqual(once)
  })

  it('CHECKOUT.ORDER.APPROVED captures the order and settles it (once)', async () => {
    const paypal = await recorded('paypal-webhook-approved')
    const { cartId, payment } = await initialized(1, 'color', '14:00')
    const approved = event('WH-APPROVED-1', 'CHECKOUT.ORDER.APPROVED', 'checkout-order', {
      id: '8KX2731947H0622AC',
      intent: 'CAPTURE',
      status: 'APPROVED',
      purchase_units: [
        {
          reference_id: cartId,
          custom_id: payment.id,
          amount: { currency_code: 'EUR', value: '25.00' },
        },
      ],
      payer: { payer_id: 'QYR5Z8XDVJNXQ', email_address: 'buyer@example.com' },
    })
    expect(await webhook(approved)).toEqual({ status: 200, body: { ok: true } })
    const captureCall = paypal.received.find((r) => r.path.endsWith('/capture'))
    // the same idempotency key as pay's capture: PayPal captures once whoever asks first
    expect(captureCall?.headers['paypal-request-id']).toBe(`capture-${payment.id}`)
    const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, cartId))
    expect(order).toMatchObject({
      status: 'confirmed',
      paidCents: 2500,
      transactionId: '2GG279541U471931P',
    })
    const once = await counts(t, tables)
    // delivered again: verified, the cart is paid, no second capture
    expect(await webhook(approved)).toEqual({ status: 200, body: { ok: true } })
    expect(await counts(t, tables)).toEqual(once)
  })

  it('PAYMENT.CAPTURE.DENIED fails the payment and keeps the holds', async () => {
    await recorded('paypal-webhook-denied')
    const { cartId, payment } = await initialized(2, 'cut', '15:00')
    const denied = event(
      'WH-DENIED-1',
      'PAYMENT.CAPTURE.DENIED',
      'capture',
      capture('7TK53561YB803214S', '9JD37215RW093872B', 'DECLINED', '42.00', payment.id),
    )
    expect(await webhook(denied)).toEqual({ status: 200, body: { ok: true } })
    const [failed] = await t.db.select().from(payments).where(eq(payments.id, payment.id))
    expect(failed).toMatchObject({ status: 'failed', errorType: 'card_error' })
    const held = await t.db.select().from(appointments).where(eq(appointments.cartId, cartId))
    expect(held.map((a) => a.status)).toEqual(['hold'])
    const [cart] = await t.db.select().from(carts).where(eq(carts.id, cartId))
    expect(cart?.status).toBe('paying')
  })

  it('PAYMENT.CAPTURE.REFUNDED: ours is already booked; one made in the dashboard is booked once', async () => {
    await recorded('paypal-webhook-refunds')
    const [paid] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerRef, '7PW80617X4385394C'))
    const orderId = paid?.cartId ?? ''
    const staff = await bearer(t, hostOf('paypal'), 'provider')
    const ours = await post('/api/payment/refund', { orderId, amount: 1000 }, staff)
    expect(ours.body).toEqual({ orderId, refunded: { amount: 1000, currency: 'EUR' } })
    const afterOurs = await counts(t, { bookingOrderHistory, loyaltyMovements })

    // PayPal's word about our own refund: recorded, nothing more
    const own = event(
      'WH-REFUND-OURS',
      'PAYMENT.CAPTURE.REFUNDED',
      'refund',
      refundResource('6KJ03211RH4473820', '0VF52814937998046', '10.00', '10.00'),
    )
    expect(await webhook(own)).toEqual({ status: 200, body: { ok: true } })
    expect(await counts(t, { bookingOrderHistory, loyaltyMovements })).toEqual(afterOurs)
    const [still] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, paid?.id ?? ''))
    expect(still).toMatchObject({ status: 'partiallyRefunded', refundedCents: 1000 })

    // 12 € refunded in PayPal's dashboard: booked as a refund of ours would be
    const dashboard = event(
      'WH-REFUND-DASHBOARD',
      'PAYMENT.CAPTURE.REFUNDED',
      'refund',
      refundResource('1FK9420913502244A', '0VF52814937998046', '12.00', '22.00'),
    )
    expect(await webhook(dashboard)).toEqual({ status: 200, body: { ok: true } })
    const [refunded] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, paid?.id ?? ''))
    expect(refunded).toMatchObject({ status: 'partiallyRefunded', refundedCents: 2200 })
    expect(refunded?.data.refunds).toEqual([
      expect.objectContaining({ id: '6KJ03211RH4473820', amount: 1000, by: 'staff' }),
      expect.objectContaining({ id: '1FK9420913502244A', amount: 1200, by: 'paypal' }),
    ])
    const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, orderId))
    expect(order).toMatchObject({ status: 'partiallyRefunded', paidCents: 2000 })
    // the points of 22 € of 42 € are taken back: 10 for ours, 12 more for the dashboard's
    const moves = await t.db
      .select()
      .from(loyaltyMovements)
      .where(and(eq(loyaltyMovements.reason, 'refund'), eq(loyaltyMovements.sourceId, orderId)))
    expect(moves.map((m) => [m.delta, m.by])).toEqual([
      [-10, 'staff'],
      [-12, 'paypal'],
    ])
    const [card] = await t.db.select().from(loyaltyCards).where(eq(loyaltyCards.customerId, 'ppw0'))
    expect(card?.points).toBe(20)

    // delivered again: nothing changes
    const once = await counts(t, tables)
    expect(await webhook(dashboard)).toEqual({ status: 200, body: { ok: true } })
    expect(await counts(t, tables)).toEqual(once)
  })
})
