import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  customerCredits,
  loyaltyMovements,
  loyaltyPrograms,
  notifications,
  payments,
} from '#server/db/schema/index.ts'
import { bearer, type TestApi } from '#server/test/harness.ts'
import { setCutPrice, storedOrder, stripeDelivered, updateShop } from '#server/test/manage-pay.ts'
import { readMessages } from '#server/test/messages.ts'
import {
  companyIdOf,
  customers,
  hold,
  hostOf,
  NOW,
  recordAtShop,
  setClock,
  startPaymentApi,
  tokenOf,
} from '#server/test/payment.ts'
import { type Exchange, type Replay, replay } from '#server/test/payment-replay.ts'

/**
 * A visit moved to a dearer one (its difference paid on its own cart, decision 042) then
 * cancelled online under a `refund` policy (decision 038): everything still paid goes back,
 * across the booking's own payment and the difference's, each through the provider that took
 * it (docs/decisions/042-reschedule-pay-difference.md). 'cut' booked at 42,00 € on Wednesday
 * 28 April 2027 (Paris), the shop raises it to 50,00 €, the visit moves to Thursday for 8,00 €
 * more. A Stripe payment is a signed webhook of its success; Stripe's Refunds API is replayed
 * on 127.0.0.1 and each test says exactly which refunds it expects (anything else is a
 * mismatch). The free provider's payments are recorded at the shop and refunded as a record.
 */
const SECRET = 'whsec_cancel_difference_secret'
const FREE = tokenOf('free')
const SHOP_MAIL = 'centre@example.com'
const THURSDAY = '2027-04-29'
const BURST = 50
let t: TestApi
let bearers: string[]
let staff: string
let companyId: number
let stripe: Replay | undefined
const customer = (i: number) => bearers[i] ?? ''
const typeOf = (body: unknown) => (body as { type?: string }).type
type Init = { cartId: string; result: { token: string } }

const setShop = (policy: Record<string, unknown>) =>
  updateShop(t, companyId, { booker: { policy }, publicInfo: { email: SHOP_MAIL } })

/** A payment's cart's payment made a Stripe one, and its verified success delivered. */
async function stripePaid(cartId: string, amount: number) {
  const delivery = { company: FREE, secret: SECRET, event: `evt_${cartId}` }
  const answer = await stripeDelivered(t, cartId, amount, delivery)
  expect(answer.status).toBe(200)
}

/** How a payment's cart is paid: by Stripe online, or with the free provider at the shop. */
type Way = 'stripe' | 'shop'

async function pay(way: Way, i: number, init: Init, amount: number) {
  if (way === 'stripe') return stripePaid(init.cartId, amount)
  const paid = await t.call('/api/payment/pay', {
    company: FREE,
    bearer: customer(i),
    json: { cartId: init.cartId, paymentToken: init.result.token },
  })
  expect(paid.status).toBe(200)
  expect((await recordAtShop(t, FREE, staff, init.cartId, amount)).status).toBe(200)
}

/** A paid 'cut' at `time` on the Wednesday for customer i: its order id. */
async function booking(i: number, time: string, way: Way) {
  expect((await hold(t, FREE, customer(i), 'cut', time)).status).toBe(200)
  const init = await t.call('/api/payment/initialize', {
    company: FREE,
    bearer: customer(i),
    headers: { curlang: 'en' },
    json: { purpose: 'booking', shopId: 's1' },
  })
  expect(init.status).toBe(200)
  await pay(way, i, init.body as Init, 4200)
  return (init.body as Init).cartId
}

/** The visit moved to the Thursday at `time`, its 8,00 € difference paid: the move's cart id. */
async function paidMove(i: number, orderId: string, time: string, way: Way) {
  const init = await t.call('/api/payment/initialize', {
    company: FREE,
    bearer: customer(i),
    json: {
      purpose: 'reschedule',
      shopId: 's1',
      reschedule: { orderId, start: `${THURSDAY}T${time}` },
    },
  })
  expect(init.status, JSON.stringify(init.body)).toBe(200)
  await pay(way, i, init.body as Init, 800)
  expect(await order(orderId)).toMatchObject({ totalCents: 5000, paidCents: 5000 })
  return (init.body as Init).cartId
}

/** Through the API (a content write forgets the cached catalogue, decision 035). */
async function priceCut(cents: number) {
  const put = await setCutPrice(t, companyId, FREE, staff, cents)
  expect(put.status, JSON.stringify(put.body)).toBe(200)
}

const order = (id: string) => storedOrder(t, id)

/** The payments of these carts: provider, amount, what is refunded, status, refunds booked. */
async function paymentsOf(...cartIds: string[]) {
  const rows = await t.db.select().from(payments).where(inArray(payments.cartId, cartIds))
  return cartIds.map((cartId) => {
    const p = rows.find((r) => r.cartId === cartId)
    const refunds = Array.isArray(p?.data.refunds) ? p.data.refunds : []
    return [p?.provider, p?.amountCents, p?.refundedCents, p?.status, refunds.length]
  })
}

/** Stripe's Refunds API answering these refunds, in this order, and nothing else. */
async function stripeRefunds(...refunds: { cartId: string; amount: number; refuse?: boolean }[]) {
  const exchanges: Exchange[] = refunds.map((r, n) => ({
    request: {
      method: 'POST',
      path: '/v1/refunds',
      body: { payment_intent: `pi_${r.cartId}`, amount: String(r.amount) },
    },
    response: r.refuse
      ? {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'The charge is disputed.' } },
        }
      : {
          status: 200,
          body: {
            id: `re_${n}_${r.cartId}`,
            object: 'refund',
            amount: r.amount,
            currency: 'eur',
            payment_intent: `pi_${r.cartId}`,
            status: 'succeeded',
          },
        },
  }))
  stripe = await replay({ description: 'refunds of a cancelled visit', exchanges })
  process.env.STRIPE_API_BASE = stripe.url
  return stripe
}

const cancel = (i: number, orderId: string) =>
  t.call('/api/appointments/manage/cancel', {
    company: FREE,
    bearer: customer(i),
    json: { orderId },
  })

const lastMail = async (email: string) =>
  (await readMessages(t, eq(notifications.recipient, email))).at(-1)?.body ?? ''

const visits: Record<string, string> = {}

beforeAll(async () => {
  process.env.STRIPE_SECRET_KEY = 'sk_test_cancel_difference'
  process.env.STRIPE_WEBHOOK_SECRET = SECRET
  // no refund expected until a test says which: nothing listens here, a call fails at once
  process.env.STRIPE_API_BASE = 'http://127.0.0.1:9'
  t = await startPaymentApi(['free'])
  bearers = await customers(t, hostOf('free'), 6, 'cd')
  staff = await bearer(t, hostOf('free'), 'provider')
  companyId = await companyIdOf(t, FREE)
  await setShop({})
  // 1 point per euro: the booking earns 42 points, a move's difference none of its own
  await t.db
    .update(loyaltyPrograms)
    .set({ data: { active: true, name: { fr: 'Fidélité' }, pointsPerEuro: 1, paliers: [] } })
    .where(and(eq(loyaltyPrograms.companyId, companyId), eq(loyaltyPrograms.id, 'default')))
  // every visit is booked at 42,00 € before the shop raises the price
  visits.stripe = await booking(0, '09:00', 'stripe')
  visits.refused = await booking(1, '10:00', 'shop')
  visits.burst = await booking(2, '11:00', 'stripe')
  visits.shop = await booking(3, '12:00', 'shop')
  visits.credit = await booking(4, '13:00', 'shop')
  visits.loyalty = await booking(5, '14:00', 'shop')
  await priceCut(5000)
}, 300_000)
afterEach(async () => {
  setClock(NOW)
  process.env.STRIPE_API_BASE = 'http://127.0.0.1:9'
  await stripe?.close()
  stripe = undefined
  await setShop({})
})
afterAll(async () => {
  setClock(undefined)
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']) {
    delete process.env[name]
  }
  await t?.close()
})

describe('a moved visit cancelled in time under a refund policy', () => {
  it('refunds the booking and the difference, each through Stripe, once; a replay refunds nothing', async () => {
    const orderId = visits.stripe ?? ''
    const move = await paidMove(0, orderId, '09:00', 'stripe')
    const provider = await stripeRefunds(
      { cartId: orderId, amount: 4200 },
      { cartId: move, amount: 800 },
    )
    const done = await cancel(0, orderId)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body).toMatchObject({
      order: { id: orderId, status: 'refunded', paid: { amount: 0 } },
      given: {
        kind: 'refund',
        amount: { amount: 5000, currency: 'EUR' },
        status: 'done',
        unrefunded: { amount: 0 },
      },
    })
    expect(provider.mismatches).toEqual([])
    expect(provider.pending()).toBe(0)
    // one idempotency key per payment
    const keys = provider.received.map((r) => r.headers['idempotency-key'])
    expect(new Set(keys).size).toBe(2)
    expect(await paymentsOf(orderId, move)).toEqual([
      ['stripe', 4200, 4200, 'refunded', 1],
      ['stripe', 800, 800, 'refunded', 1],
    ])
    expect(await order(orderId)).toMatchObject({ status: 'refunded', paidCents: 0 })
    expect(await lastMail('cd0@example.com')).toMatch(/50\.00\s€ is refunded/)
    expect(await lastMail(SHOP_MAIL)).not.toContain('rembourser le client')

    // replayed: the visit is cancelled, nothing more is refunded (no Stripe call)
    const again = await cancel(0, orderId)
    expect([again.status, typeOf(again.body)]).toEqual([409, 'notManageable'])
    expect(provider.received).toHaveLength(2)
    expect(await paymentsOf(orderId, move)).toEqual([
      ['stripe', 4200, 4200, 'refunded', 1],
      ['stripe', 800, 800, 'refunded', 1],
    ])
  })

  it('a provider refusing the difference: the booking refunded, the rest failed and asked of the shop', async () => {
    const orderId = visits.refused ?? ''
    const move = await paidMove(1, orderId, '10:00', 'stripe')
    const provider = await stripeRefunds({ cartId: move, amount: 800, refuse: true })
    const done = await cancel(1, orderId)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    // the free provider's 42,00 € (paid at the shop) is refunded; Stripe refuses the 8,00 €
    expect(done.body).toMatchObject({
      order: { id: orderId, status: 'partiallyRefunded', paid: { amount: 800 } },
      given: {
        kind: 'refund',
        amount: { amount: 4200, currency: 'EUR' },
        status: 'failed',
        unrefunded: { amount: 800, currency: 'EUR' },
      },
    })
    expect(provider.mismatches).toEqual([])
    expect(provider.pending()).toBe(0)
    // the refused reservation is released: nothing of the difference counts as refunded
    expect(await paymentsOf(orderId, move)).toEqual([
      ['free', 4200, 4200, 'refunded', 1],
      ['stripe', 800, 0, 'succeeded', 0],
    ])
    const toCustomer = await lastMail('cd1@example.com')
    expect(toCustomer).toMatch(/42\.00\s€ is refunded/)
    expect(toCustomer).toMatch(/The shop will refund you 8\.00\s€/)
    expect(await lastMail(SHOP_MAIL)).toMatch(/Le remboursement de 8,00\s€ a échoué/)
    expect([(await cancel(1, orderId)).status, provider.received.length]).toEqual([409, 1])
    await provider.close()

    // the shop refunds the rest from the booking admin (the move's cart names the payment):
    // the booking order's paid goes to 0 and it is refunded
    const rest = await stripeRefunds({ cartId: move, amount: 800 })
    const refund = await t.call('/api/payment/refund', {
      company: FREE,
      bearer: staff,
      json: { orderId: move },
    })
    expect(refund.status, JSON.stringify(refund.body)).toBe(200)
    expect(rest.mismatches).toEqual([])
    expect(await paymentsOf(orderId, move)).toEqual([
      ['free', 4200, 4200, 'refunded', 1],
      ['stripe', 800, 800, 'refunded', 1],
    ])
    expect(await order(orderId)).toMatchObject({ status: 'refunded', paidCents: 0 })
  })

  it(`${BURST} parallel cancels of one visit: cancelled once, each payment refunded once`, async () => {
    const orderId = visits.burst ?? ''
    const move = await paidMove(2, orderId, '11:00', 'stripe')
    const provider = await stripeRefunds(
      { cartId: orderId, amount: 4200 },
      { cartId: move, amount: 800 },
    )
    const answers = await Promise.all(Array.from({ length: BURST }, () => cancel(2, orderId)))
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(BURST - 1)
    expect(answers.find((a) => a.status === 200)?.body).toMatchObject({
      given: { kind: 'refund', amount: { amount: 5000 }, status: 'done' },
    })
    expect(provider.mismatches).toEqual([])
    expect(provider.received).toHaveLength(2)
    expect(await paymentsOf(orderId, move)).toEqual([
      ['stripe', 4200, 4200, 'refunded', 1],
      ['stripe', 800, 800, 'refunded', 1],
    ])
    expect(await order(orderId)).toMatchObject({ status: 'refunded', paidCents: 0 })
  })

  it('paid at the shop with the free provider: both refunded as records, 50,00 € in all', async () => {
    const orderId = visits.shop ?? ''
    const move = await paidMove(3, orderId, '12:00', 'shop')
    const done = await cancel(3, orderId)
    expect(done.body).toMatchObject({
      order: { status: 'refunded', paid: { amount: 0 } },
      given: { kind: 'refund', amount: { amount: 5000 }, status: 'done' },
    })
    expect(await paymentsOf(orderId, move)).toEqual([
      ['free', 4200, 4200, 'refunded', 1],
      ['free', 800, 800, 'refunded', 1],
    ])
  })

  it('under a credit policy: all that is paid, the difference included, is credited', async () => {
    await setShop({ cancelGives: 'credit' })
    const orderId = visits.credit ?? ''
    const move = await paidMove(4, orderId, '13:00', 'shop')
    const done = await cancel(4, orderId)
    expect(done.body).toMatchObject({
      order: { status: 'refunded', paid: { amount: 0 } },
      given: { kind: 'credit', amount: { amount: 5000 }, status: 'done' },
    })
    const credits = await t.db
      .select()
      .from(customerCredits)
      .where(eq(customerCredits.customerId, 'cd4'))
    expect(credits).toEqual([expect.objectContaining({ kind: 'refund', amountCents: 5000 })])
    // credited, not refunded to the providers
    expect(await paymentsOf(orderId, move)).toEqual([
      ['free', 4200, 0, 'succeeded', 0],
      ['free', 800, 0, 'succeeded', 0],
    ])
  })

  it('the difference refunded alone lowers the order and takes back its share of the points', async () => {
    const orderId = visits.loyalty ?? ''
    const move = await paidMove(5, orderId, '14:00', 'shop')
    const earned = () =>
      t.db
        .select({ reason: loyaltyMovements.reason, delta: loyaltyMovements.delta })
        .from(loyaltyMovements)
        .where(
          and(eq(loyaltyMovements.companyId, companyId), eq(loyaltyMovements.sourceId, orderId)),
        )
    expect(await earned()).toEqual([{ reason: 'earn', delta: 42 }])
    // the shop refunds the difference from the booking admin, by the move's cart
    const refund = await t.call('/api/payment/refund', {
      company: FREE,
      bearer: staff,
      json: { orderId: move },
    })
    expect(refund.status, JSON.stringify(refund.body)).toBe(200)
    expect(await order(orderId)).toMatchObject({ status: 'partiallyRefunded', paidCents: 4200 })
    // 8,00 € of the order's 50,00 €: floor(42 × 800 / 5000) = 6 points, not all 42
    expect((await earned()).map((m) => m.delta)).toEqual([42, -6])
    // the cancellation gives back what is still paid: the booking's 42,00 €, nothing twice
    const done = await cancel(5, orderId)
    expect(done.body).toMatchObject({
      order: { status: 'refunded', paid: { amount: 0 } },
      given: { kind: 'refund', amount: { amount: 4200 }, status: 'done' },
    })
    expect(await paymentsOf(orderId, move)).toEqual([
      ['free', 4200, 4200, 'refunded', 1],
      ['free', 800, 800, 'refunded', 1],
    ])
    expect((await earned()).map((m) => m.delta)).toEqual([42, -6, -36])
  })
})
