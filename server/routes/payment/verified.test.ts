import { and, eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  appointments,
  bookingOrders,
  carts,
  eshopOrders,
  gifts,
  loyaltyCards,
  loyaltyMovements,
  notifications,
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

/**
 * docs/security.md#payments-and-what-they-issue: nothing is issued without a verified payment. With
 * the free provider (decision 012) a voucher stays inactive until the shop records the payment; a
 * replayed, expired, misdirected, forged or stale confirmation issues nothing; a provider success
 * for another amount or currency issues nothing; parallel repeats of one success issue once.
 */
let t: TestApi
let bearers: string[]
let staff: string
const FREE = tokenOf('free')
const OTHER = tokenOf('other')
const SECRET = 'whsec_verified_test_secret'
const customer = (i: number) => bearers[i] ?? ''
const later = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString()
const prices = (amount: number) => ({
  subtotal: { amount, currency: 'EUR' },
  discount: { amount: 0, currency: 'EUR' },
  total: { amount, currency: 'EUR' },
})
type Init = { cartId: string; result: { token: string } }

/** Everything a payment can issue: counted before and after a refused attempt. */
const issued = () =>
  counts(t, { appointments, bookingOrders, eshopOrders, gifts, loyaltyMovements, notifications })
const activeGifts = async () =>
  (await t.db.select().from(gifts).where(eq(gifts.status, 'active'))).length

beforeAll(async () => {
  process.env.STRIPE_SECRET_KEY = 'sk_test_verified'
  process.env.STRIPE_WEBHOOK_SECRET = SECRET
  // a refund attempt must not leave the machine: nothing listens there, it fails at once
  process.env.STRIPE_API_BASE = 'http://127.0.0.1:9'
  process.env.PAYPAL_WEBHOOK_ID = 'WH-VERIFIED'
  t = await startPaymentApi(['free', 'other'])
  bearers = await customers(t, hostOf('free'), 8, 'vf')
  staff = await bearer(t, hostOf('free'), 'provider')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  for (const name of [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_BASE',
    'PAYPAL_WEBHOOK_ID',
  ]) {
    delete process.env[name]
  }
  await t?.close()
})

async function giftCart(who: string | undefined, amount = 5000, email = 'lea@example.com') {
  const res = await t.call('/api/payment/initialize', {
    company: FREE,
    ...(who ? { bearer: who } : {}),
    json: { purpose: 'gift', shopId: 's1', gift: { themeId: 'th1', amount, to: 'Léa', email } },
  })
  expect(res.status).toBe(200)
  return res.body as Init
}

const callback = (company: string, payId: string, token: string, amount = 1) =>
  t.call(`/api/payment/callback/${company}?payId=${payId}`, {
    json: { paymentToken: token, prices: prices(amount) },
  })

const points = async (customerId: string) =>
  (await t.db.select().from(loyaltyCards).where(eq(loyaltyCards.customerId, customerId)))[0]
    ?.points ?? 0

describe('free provider: a voucher is issued only when the shop records its payment', () => {
  it('10 parallel callbacks and pays: confirmed once, no active voucher, no e-mail, no points; 10 parallel records: issued once', async () => {
    setClock(NOW)
    const before = await activeGifts()
    const cart = await giftCart(customer(0), 5000, 'burst@example.com')
    const burst = await Promise.all([
      ...Array.from({ length: 5 }, () => callback(FREE, cart.cartId, cart.result.token)),
      ...Array.from({ length: 5 }, () =>
        t.call('/api/payment/pay', {
          company: FREE,
          bearer: customer(0),
          json: { cartId: cart.cartId, paymentToken: cart.result.token },
        }),
      ),
    ])
    expect(burst.map((r) => r.status)).toEqual(Array(10).fill(200))
    const [gift] = await t.db.select().from(gifts).where(eq(gifts.cartId, cart.cartId))
    expect(gift?.status).toBe('pending')
    expect(await activeGifts()).toBe(before)
    const mails = () =>
      t.db.select().from(notifications).where(eq(notifications.recipient, 'burst@example.com'))
    expect(await mails()).toHaveLength(0)
    expect(await points('vf0')).toBe(0)
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cart.cartId))
    expect(payment).toMatchObject({ status: 'pending', amountCents: 5000, succeededAt: null })

    const records = await Promise.all(
      Array.from({ length: 10 }, () => recordAtShop(t, FREE, staff, gift?.id ?? '', 5000)),
    )
    expect(records.map((r) => r.status)).toEqual(Array(10).fill(200))
    expect(records[0]?.body).toEqual({
      orderId: gift?.id,
      status: 'succeeded',
      paid: { amount: 5000, currency: 'EUR' },
      method: 'cash',
    })
    expect(await activeGifts()).toBe(before + 1)
    expect(await mails()).toHaveLength(1)
    expect(await points('vf0')).toBe(50)
    const earned = await t.db
      .select()
      .from(loyaltyMovements)
      .where(
        and(eq(loyaltyMovements.sourceId, gift?.id ?? ''), eq(loyaltyMovements.reason, 'earn')),
      )
    expect(earned).toHaveLength(1)
    const [settled] = await t.db.select().from(payments).where(eq(payments.cartId, cart.cartId))
    expect(settled?.status).toBe('succeeded')
  })

  it('an expired token issues nothing: callback 409 tokenExpired, pay failed', async () => {
    setClock(NOW)
    const cart = await giftCart(customer(1))
    const before = await issued()
    setClock(later(31))
    const late = await callback(FREE, cart.cartId, cart.result.token)
    expect(late).toMatchObject({ status: 409, body: { type: 'tokenExpired' } })
    const paid = await t.call('/api/payment/pay', {
      company: FREE,
      bearer: customer(1),
      json: { cartId: cart.cartId, paymentToken: cart.result.token },
    })
    expect(paid.body).toMatchObject({ status: 'failed', errorType: 'tokenExpired' })
    expect(await issued()).toEqual(before)
    const [gift] = await t.db.select().from(gifts).where(eq(gifts.cartId, cart.cartId))
    expect(gift?.status).toBe('pending')
    // and the shop cannot record a payment nobody confirmed
    const record = await recordAtShop(t, FREE, staff, gift?.id ?? '', 5000)
    expect(record).toMatchObject({ status: 409, body: { type: 'notDueAtShop' } })
    setClock(NOW)
  })

  it('the token of another cart, or the path of another company, confirms nothing', async () => {
    setClock(NOW)
    const a = await giftCart(undefined, 3000)
    const b = await giftCart(undefined, 4000)
    const before = await issued()
    expect((await callback(FREE, a.cartId, b.result.token)).status).toBe(404)
    expect((await callback(OTHER, a.cartId, a.result.token)).status).toBe(404)
    const elsewhere = await t.call('/api/payment/pay', {
      company: OTHER,
      json: { cartId: a.cartId, paymentToken: a.result.token },
    })
    expect(elsewhere.status).toBe(404)
    expect(await issued()).toEqual(before)
    const rows = await t.db.select().from(payments).where(eq(payments.cartId, a.cartId))
    expect(rows.map((p) => p.status)).toEqual(['created'])
  })

  it('recording at the shop: company users only, this company only, the amount due only', async () => {
    setClock(NOW)
    const cart = await giftCart(undefined, 2500)
    expect((await callback(FREE, cart.cartId, cart.result.token)).status).toBe(200)
    const [gift] = await t.db.select().from(gifts).where(eq(gifts.cartId, cart.cartId))
    const id = gift?.id ?? ''
    const before = await issued()
    const asCustomer = await recordAtShop(t, FREE, customer(2), id, 2500)
    expect([401, 403]).toContain(asCustomer.status)
    const otherStaff = await bearer(t, hostOf('other'), 'provider')
    expect((await recordAtShop(t, OTHER, otherStaff, id, 2500)).status).toBe(404)
    expect(await recordAtShop(t, FREE, staff, id, 2499)).toMatchObject({
      status: 409,
      body: { type: 'amountMismatch' },
    })
    expect(await recordAtShop(t, FREE, staff, id, 3_000_000_000)).toMatchObject({
      status: 400,
    })
    expect(await issued()).toEqual(before)
    // a booking still being paid has nothing due at the shop
    expect((await hold(t, FREE, customer(3), 'cut', '10:00')).status).toBe(200)
    const init = await t.call('/api/payment/initialize', {
      company: FREE,
      bearer: customer(3),
      json: { purpose: 'booking', shopId: 's1' },
    })
    const unpaid = (init.body as Init).cartId
    expect(await recordAtShop(t, FREE, staff, unpaid, 4200)).toMatchObject({
      status: 409,
      body: { type: 'notDueAtShop' },
    })
  })
})

describe('a provider success issues only for this amount and currency, once', () => {
  /** A gift cart whose payment we pretend was created at Stripe as `ref`. */
  async function stripeGiftCart(ref: string, who?: string) {
    const cart = await giftCart(who, 5000, `${ref}@example.com`)
    await t.db
      .update(payments)
      .set({ provider: 'stripe', providerRef: ref })
      .where(eq(payments.cartId, cart.cartId))
    return cart
  }

  function succeededEvent(id: string, intent: string, amount: number, currency = 'eur') {
    return {
      id,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: intent,
          object: 'payment_intent',
          status: 'succeeded',
          amount,
          amount_received: amount,
          currency,
          latest_charge: `ch_${intent}`,
        },
      },
    }
  }

  function webhook(event: object, options: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify(event)
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? SECRET,
      ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
    })
    return t.call(`/api/payment/notify/stripe/${FREE}`, {
      raw: payload,
      headers: { 'stripe-signature': signature },
    })
  }

  it('another amount or another currency: refused, nothing issued', async () => {
    setClock(NOW)
    const low = await stripeGiftCart('pi_low')
    const usd = await stripeGiftCart('pi_usd')
    const before = await issued()
    expect((await webhook(succeededEvent('evt_low', 'pi_low', 100))).status).toBe(200)
    expect((await webhook(succeededEvent('evt_usd', 'pi_usd', 5000, 'usd'))).status).toBe(200)
    for (const cart of [low, usd]) {
      const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cart.cartId))
      expect(payment).toMatchObject({ status: 'failed', errorType: 'amountMismatch' })
      const [gift] = await t.db.select().from(gifts).where(eq(gifts.cartId, cart.cartId))
      expect(gift?.status).toBe('pending')
    }
    const { notifications: mails, ...rest } = await issued()
    const { notifications: mailsBefore, ...restBefore } = before
    expect(rest).toEqual(restBefore)
    expect(mails).toBe(mailsBefore)
  })

  it('forged, unsigned and stale webhooks: 400, nothing recorded or issued', async () => {
    setClock(NOW)
    await stripeGiftCart('pi_forged')
    const event = succeededEvent('evt_forged', 'pi_forged', 5000)
    const before = await counts(t, { paymentEvents, gifts, notifications, loyaltyMovements })
    const active = await activeGifts()
    expect(await webhook(event, { secret: 'whsec_someone_else' })).toMatchObject({
      status: 400,
      body: { type: 'invalidSignature' },
    })
    const unsigned = await t.call(`/api/payment/notify/stripe/${FREE}`, {
      raw: JSON.stringify(event),
    })
    expect(unsigned).toMatchObject({ status: 400, body: { type: 'invalidSignature' } })
    // signed correctly, but 301 s ago: outside Stripe's tolerance
    const stale = Math.floor(Date.now() / 1000) - 301
    expect(await webhook(event, { timestamp: stale })).toMatchObject({
      status: 400,
      body: { type: 'invalidSignature' },
    })
    expect(await counts(t, { paymentEvents, gifts, notifications, loyaltyMovements })).toEqual(
      before,
    )
    expect(await activeGifts()).toBe(active)
    // PayPal: a delivery sent ten minutes ago is refused before PayPal is even asked
    const paypal = await t.call(`/api/payment/notify/paypal/${FREE}`, {
      raw: JSON.stringify({ id: 'WH-EVT-OLD', event_type: 'PAYMENT.CAPTURE.COMPLETED' }),
      headers: {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.paypal.com/cert.pem',
        'paypal-transmission-id': 'old-delivery',
        'paypal-transmission-sig': 'c2lnbmF0dXJl',
        'paypal-transmission-time': later(-10),
      },
    })
    expect(paypal).toMatchObject({ status: 400, body: { type: 'invalidSignature' } })
  })

  it('10 parallel deliveries of one success (same and new event ids): one voucher, one e-mail, points once', async () => {
    setClock(NOW)
    const cart = await stripeGiftCart('pi_burst', customer(4))
    const active = await activeGifts()
    const deliveries = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        webhook(succeededEvent(`evt_burst_${i % 3}`, 'pi_burst', 5000)),
      ),
    )
    expect(deliveries.map((d) => d.status)).toEqual(Array(10).fill(200))
    expect(await activeGifts()).toBe(active + 1)
    const mails = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, 'pi_burst@example.com'))
    expect(mails).toHaveLength(1)
    expect(await points('vf4')).toBe(50)
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cart.cartId))
    expect(payment).toMatchObject({ status: 'succeeded', amountCents: 5000 })
    const [paidCart] = await t.db.select().from(carts).where(eq(carts.id, cart.cartId))
    expect(paidCart?.status).toBe('paid')
  })
})
