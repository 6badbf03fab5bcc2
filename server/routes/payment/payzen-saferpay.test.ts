import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { bookingOrders, paymentEvents, payments } from '#server/db/schema/index.ts'
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

/** PayZen and Saferpay: request shapes against recordings, notifications signed here. */
let t: TestApi
let provider: Replay | undefined
const users: Record<string, string> = {}
type Init = { cartId: string; result: { token: string } }

async function recorded(name: string, env: string): Promise<Replay> {
  provider = await replay(loadRecording(name))
  process.env[env] = provider.url
  return provider
}

async function initialised(name: 'payzen' | 'saferpay', time = '10:00'): Promise<Init> {
  const who = users[name] ?? ''
  expect((await hold(t, tokenOf(name), who, 'cut', time)).status).toBe(200)
  const res = await t.call('/api/payment/initialize', {
    company: tokenOf(name),
    bearer: who,
    json: { purpose: 'booking', shopId: 's1' },
  })
  expect(res.status).toBe(200)
  return res.body as Init
}

const orderOf = async (cartId: string) =>
  (await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, cartId)))[0]
const paymentOf = async (cartId: string) =>
  (await t.db.select().from(payments).where(eq(payments.cartId, cartId)))[0]
const notify = (name: string, raw: string, query = '') =>
  t.call(`/api/payment/notify/${name}/${tokenOf(name as 'payzen')}${query}`, { raw })

beforeAll(async () => {
  Object.assign(process.env, {
    PAYZEN_SHOP_ID: '69876357',
    PAYZEN_PASSWORD: 'testpassword_recorded',
    SAFERPAY_CUSTOMER_ID: '401860',
    SAFERPAY_TERMINAL_ID: '17795278',
    SAFERPAY_USERNAME: 'API_401860_recorded',
    SAFERPAY_PASSWORD: 'recorded-password',
  })
  t = await startPaymentApi(['payzen', 'saferpay'])
  for (const [name, prefix] of [
    ['payzen', 'pz'],
    ['saferpay', 'sp'],
  ] as const) {
    ;[users[name] = ''] = await customers(t, hostOf(name), 1, prefix)
  }
}, 120_000)
afterEach(async () => {
  expect(provider?.mismatches ?? []).toEqual([])
  expect(provider?.pending() ?? 0).toBe(0)
  await provider?.close()
  provider = undefined
})
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

describe('payzen', () => {
  it('CreatePayment gives the form token; the signed IPN confirms once; a forged one is refused', async () => {
    const payzen = await recorded('payzen-create', 'PAYZEN_API_BASE')
    const { cartId, result } = await initialised('payzen')
    expect(result.token).toMatch(/^01recordedFormToken/)
    const basic = `Basic ${Buffer.from('69876357:testpassword_recorded').toString('base64')}`
    expect(payzen.received[0]?.headers.authorization).toBe(basic)
    const payment = await paymentOf(cartId)
    const answer = JSON.stringify({
      orderStatus: 'PAID',
      orderDetails: {
        orderId: payment?.id,
        orderTotalAmount: 4200,
        orderCurrency: 'EUR',
        mode: 'TEST',
      },
      transactions: [
        {
          uuid: 'a9b6e7b1c2d34e5f8a9b0c1d2e3f4a5b',
          amount: 4200,
          currency: 'EUR',
          status: 'PAID',
          detailedStatus: 'AUTHORISED',
        },
      ],
    })
    const ipn = (hash: string) =>
      new URLSearchParams({
        'kr-hash-algorithm': 'sha256_hmac',
        'kr-hash-key': 'password',
        'kr-answer-type': 'V4/Payment',
        'kr-answer': answer,
        'kr-hash': hash,
      }).toString()
    const good = createHmac('sha256', 'testpassword_recorded').update(answer).digest('hex')
    const tables = { payments, paymentEvents }
    const before = await counts(t, tables)
    expect(
      await notify('payzen', ipn(good.replace(/^./, good[0] === 'a' ? 'b' : 'a'))),
    ).toMatchObject({ status: 400, body: { type: 'invalidSignature' } })
    expect(await counts(t, tables)).toEqual(before)
    expect(await notify('payzen', ipn(good))).toEqual({ status: 200, body: { ok: true } })
    expect(await orderOf(cartId)).toMatchObject({
      status: 'confirmed',
      paidCents: 4200,
      transactionId: 'a9b6e7b1c2d34e5f8a9b0c1d2e3f4a5b',
    })
    const once = await counts(t, tables)
    expect((await notify('payzen', ipn(good))).status).toBe(200)
    expect(await counts(t, tables)).toEqual(once)
  })

  it('payzen/refund refunds through CancelOrRefund', async () => {
    await recorded('payzen-refund', 'PAYZEN_API_BASE')
    const [paid] = await t.db.select().from(payments).where(eq(payments.provider, 'payzen'))
    const staff = await bearer(t, hostOf('payzen'), 'provider')
    const res = await t.call('/api/payment/payzen/refund', {
      company: tokenOf('payzen'),
      bearer: staff,
      json: { orderId: paid?.cartId, amount: 1000 },
    })
    expect(res.body).toEqual({ orderId: paid?.cartId, refunded: { amount: 1000, currency: 'EUR' } })
  })

  it('an attempt the payer gave up (ABANDONED) is a cancelled failure, not a refusal (decision 025)', async () => {
    await recorded('payzen-create', 'PAYZEN_API_BASE')
    const { cartId } = await initialised('payzen', '11:00')
    const payment = await paymentOf(cartId)
    const answer = JSON.stringify({
      orderStatus: 'UNPAID',
      orderDetails: { orderId: payment?.id, orderTotalAmount: 4200, orderCurrency: 'EUR' },
      transactions: [
        { uuid: 'b1', amount: 4200, currency: 'EUR', status: 'UNPAID', detailedStatus: 'REFUSED' },
        {
          uuid: 'b2',
          amount: 4200,
          currency: 'EUR',
          status: 'UNPAID',
          detailedStatus: 'ABANDONED',
        },
      ],
    })
    const hash = createHmac('sha256', 'testpassword_recorded').update(answer).digest('hex')
    const ipn = new URLSearchParams({
      'kr-hash-key': 'password',
      'kr-answer': answer,
      'kr-hash': hash,
    }).toString()
    expect(await notify('payzen', ipn)).toEqual({ status: 200, body: { ok: true } })
    // the latest attempt says why: given up
    expect(await paymentOf(cartId)).toMatchObject({ status: 'failed', errorType: 'cancelled' })
    expect((await orderOf(cartId))?.status).toBe('pending')
  })
})

describe('saferpay', () => {
  it('Initialize gives the page to redirect to; the notification asserts, captures and confirms', async () => {
    await recorded('saferpay-initialize-assert', 'SAFERPAY_API_BASE')
    const { cartId, result } = await initialised('saferpay')
    expect(result.token).toBe(
      'https://test.saferpay.com/vt2/api/PaymentPage/401860/17795278/234uhfh78234hlasdfh8234e',
    )
    const scenario = await t.call('/api/payment/get-scenario', {
      company: tokenOf('saferpay'),
      bearer: users.saferpay ?? '',
      json: { cartId },
    })
    expect(scenario.body).toEqual({ scenario: 'redirect' })
    const payment = await paymentOf(cartId)
    expect((await notify('saferpay', '', '')).status).toBe(400)
    expect(await notify('saferpay', '', `?payId=${payment?.id}`)).toEqual({
      status: 200,
      body: { ok: true },
    })
    expect(await orderOf(cartId)).toMatchObject({
      status: 'confirmed',
      transactionId: '723n4MAjMdhjSAhAKEUdA8jtl9jb',
    })
    // the return page finds it paid without asking Saferpay again
    const back = await t.call(`/api/payment/success/${cartId}`, {
      company: tokenOf('saferpay'),
      bearer: users.saferpay ?? '',
      method: 'POST',
    })
    expect(back.body).toEqual({ orderId: cartId, status: 'succeeded' })
    // the notification replayed: a paid cart is not asserted again, nothing changes
    const once = await counts(t, { payments, paymentEvents, bookingOrders })
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => notify('saferpay', '', `?payId=${payment?.id}`)),
    )
    expect(replays.map((r) => r.status)).toEqual(Array(5).fill(200))
    expect(await counts(t, { payments, paymentEvents, bookingOrders })).toEqual(once)
  })

  it('refunds with Refund then Capture of the refund', async () => {
    await recorded('saferpay-refund', 'SAFERPAY_API_BASE')
    const [paid] = await t.db.select().from(payments).where(eq(payments.provider, 'saferpay'))
    const staff = await bearer(t, hostOf('saferpay'), 'provider')
    const res = await t.call('/api/payment/refund', {
      company: tokenOf('saferpay'),
      bearer: staff,
      json: { orderId: paid?.cartId, amount: 1000 },
    })
    expect(res.body).toEqual({ orderId: paid?.cartId, refunded: { amount: 1000, currency: 'EUR' } })
  })
})
