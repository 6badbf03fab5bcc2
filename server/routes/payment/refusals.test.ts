import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { carts, payments } from '#server/db/schema/index.ts'
import type { TestApi } from '#server/test/harness.ts'
import {
  counts,
  customers,
  hold,
  hostOf,
  setClock,
  startPaymentApi,
  tokenOf,
  WEDNESDAY,
} from '#server/test/payment.ts'

/** Refused initialize calls write nothing; another company's cart is never found. */
let t: TestApi
let bearers: string[]
let other: string
const FREE = tokenOf('free')
const customer = (i: number) => bearers[i] ?? ''
const init = (json: unknown, bearer?: string, company = FREE) =>
  t.call('/api/payment/initialize', { company, ...(bearer ? { bearer } : {}), json })
const lowPrices = {
  subtotal: { amount: 1, currency: 'EUR' },
  discount: { amount: 0, currency: 'EUR' },
  total: { amount: 1, currency: 'EUR' },
}
beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY
  t = await startPaymentApi(['free', 'other', 'stripe'])
  bearers = await customers(t, hostOf('free'), 8, 'ini')
  ;[other = ''] = await customers(t, hostOf('other'), 1, 'oth')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

describe('refusals write nothing', () => {
  const tables = { carts, payments }

  it.each([
    ['an unknown purpose', { purpose: 'bogus', shopId: 's1' }, 400, 'invalidInput'],
    [
      'a quantity of zero',
      { purpose: 'eshop', shopId: 's1', lines: [{ articleId: 'soap', quantity: 0 }] },
      400,
      'invalidInput',
    ],
    ['no lines', { purpose: 'eshop', shopId: 's1' }, 400, 'emptyOrder'],
    [
      'a service sold as a product',
      { purpose: 'eshop', shopId: 's1', lines: [{ articleId: 'cut', quantity: 1 }] },
      400,
      'invalidInput',
    ],
    [
      'a draft product',
      { purpose: 'eshop', shopId: 's1', lines: [{ articleId: 'draft', quantity: 1 }] },
      404,
      'notFound',
    ],
    [
      'an unknown shop',
      { purpose: 'eshop', shopId: 'nope', lines: [{ articleId: 'soap', quantity: 1 }] },
      404,
      'notFound',
    ],
    [
      'an unknown coupon',
      {
        purpose: 'eshop',
        shopId: 's1',
        lines: [{ articleId: 'soap', quantity: 1 }],
        couponCode: 'NOPE',
      },
      404,
      'notFound',
    ],
    [
      'a coupon under its minimum',
      {
        purpose: 'eshop',
        shopId: 's1',
        lines: [{ articleId: 'soap', quantity: 1 }],
        couponCode: 'FIVE',
      },
      400,
      'couponNotApplicable',
    ],
    ['a gift without its purchase', { purpose: 'gift', shopId: 's1' }, 400, 'invalidInput'],
    [
      'a gift of an unknown theme',
      {
        purpose: 'gift',
        shopId: 's1',
        gift: { themeId: 'x', amount: 5000, to: 'Léa', email: 'lea@example.com' },
      },
      400,
      'unknownGiftTheme',
    ],
    [
      'a gift of one cent',
      {
        purpose: 'gift',
        shopId: 's1',
        gift: { themeId: 'th1', amount: 1, to: 'Léa', email: 'lea@example.com' },
      },
      400,
      'invalidGiftAmount',
    ],
    ['a booking without holds', { purpose: 'booking', shopId: 's1' }, 409, 'noHolds'],
  ])('%s', async (_name, body, status, type) => {
    const before = await counts(t, tables)
    const res = await init(body, customer(4))
    expect(res).toMatchObject({ status, body: { code: status, type } })
    expect(await counts(t, tables)).toEqual(before)
  })

  it('malformed JSON, no session for a booking, an unknown voucher, a stale page', async () => {
    expect((await hold(t, FREE, customer(5), 'cut', '09:00')).status).toBe(200)
    const before = await counts(t, tables)
    const raw = await t.call('/api/payment/initialize', { company: FREE, raw: '{"purpose":' })
    expect(raw).toMatchObject({ status: 400, body: { type: 'invalidJson' } })
    expect((await init({ purpose: 'booking', shopId: 's1' })).status).toBe(401)
    const held = {
      shopid: 's1',
      serviceid: 'cut',
      start: `${WEDNESDAY}T09:00`,
      end: `${WEDNESDAY}T10:00`,
      myAppointment: { giftCode: 'UNKNOWN' },
    }
    const unknown = await init(
      { purpose: 'booking', shopId: 's1', appointments: [held] },
      customer(5),
    )
    // one code per situation, as spending it would answer (services/gifts giftRefusal)
    expect(unknown).toMatchObject({ status: 404, body: { type: 'giftNotFound' } })
    const stale = await init(
      {
        purpose: 'booking',
        shopId: 's1',
        appointments: [
          { ...held, start: `${WEDNESDAY}T12:00`, end: `${WEDNESDAY}T13:00`, myAppointment: {} },
        ],
      },
      customer(5),
    )
    expect(stale).toMatchObject({ status: 409, body: { type: 'cartChanged' } })
    // a visitor may buy a voucher; stripe without STRIPE_SECRET_KEY on this server is 503
    const gift = { themeId: 'th1', amount: 5000, to: 'Léa', email: 'lea@example.com' }
    const unconfigured = await init(
      { purpose: 'gift', shopId: 's1', gift },
      undefined,
      tokenOf('stripe'),
    )
    expect(unconfigured).toMatchObject({ status: 503, body: { type: 'paymentNotConfigured' } })
    expect(await counts(t, tables)).toEqual(before)
  })
})

describe('tenancy', () => {
  it("another company's cart is not found (404), whatever the call", async () => {
    expect((await hold(t, FREE, customer(6), 'cut', '15:00')).status).toBe(200)
    const res = await init({ purpose: 'booking', shopId: 's1' }, customer(6))
    const { cartId, result } = res.body as { cartId: string; result: { token: string } }
    const OTHER = tokenOf('other')
    for (const [path, json] of [
      ['/api/payment/pay', { cartId, paymentToken: result.token }],
      ['/api/payment/token', { cartId }],
      ['/api/payment/get-scenario', { cartId }],
      ['/api/payment/update-message', { cartId, message: 'hi' }],
      [`/api/payment/success/${cartId}`, undefined],
    ] as const) {
      const call = await t.call(path, {
        company: OTHER,
        bearer: other,
        method: 'POST',
        ...(json ? { json } : {}),
      })
      expect(call, path).toMatchObject({ status: 404, body: { code: 404, type: 'notFound' } })
      // and another customer of the same company does not find it either
      const mine = await t.call(path, {
        company: FREE,
        bearer: customer(7),
        method: 'POST',
        ...(json ? { json } : {}),
      })
      expect(mine.status, path).toBe(404)
    }
    const callback = await t.call(`/api/payment/callback/${OTHER}?payId=${cartId}`, {
      json: { paymentToken: result.token, prices: lowPrices },
    })
    expect(callback.status).toBe(404)
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
    expect(payment?.status).toBe('created')
  })
})
