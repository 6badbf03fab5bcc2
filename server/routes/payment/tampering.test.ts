import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingOrders, carts, gifts, payments } from '#server/db/schema/index.ts'
import type { TestApi } from '#server/test/harness.ts'
import {
  customers,
  hold,
  hostOf,
  setClock,
  startPaymentApi,
  tokenOf,
  voucher,
  WEDNESDAY,
} from '#server/test/payment.ts'

/** The tampering test: what initialize charges is the server's price, whatever the client sends. */
let t: TestApi
let bearers: string[]
const FREE = tokenOf('free')
const customer = (i: number) => bearers[i] ?? ''
const init = (json: unknown, bearer?: string, company = FREE) =>
  t.call('/api/payment/initialize', { company, ...(bearer ? { bearer } : {}), json })
const lowPrices = {
  subtotal: { amount: 1, currency: 'EUR' },
  discount: { amount: 0, currency: 'EUR' },
  total: { amount: 1, currency: 'EUR' },
}
const totals = (body: unknown) => {
  const { prices } = body as {
    prices: Record<'subtotal' | 'discount' | 'total', { amount: number }>
  }
  return [prices.subtotal.amount, prices.discount.amount, prices.total.amount]
}

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  bearers = await customers(t, hostOf('free'), 4, 'ini')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

describe('the tampering test', () => {
  it('a client that sends lower prices is charged the server prices', async () => {
    expect((await hold(t, FREE, customer(0), 'cut', '10:00')).status).toBe(200)
    expect((await hold(t, FREE, customer(0), 'color', '11:00')).status).toBe(200)
    const appointment = {
      shopid: 's1',
      serviceid: 'cut',
      start: `${WEDNESDAY}T10:00`,
      end: `${WEDNESDAY}T11:00`,
      myAppointment: {},
    }
    const tampered = await init(
      {
        purpose: 'booking',
        shopId: 's1',
        prices: lowPrices,
        total: 1,
        amount: 1,
        lines: [{ articleId: 'cut', quantity: 1, price: 1, unitPrice: 1, prices: 1 }],
        appointments: [{ ...appointment, prices: 1, price: 1 }],
      },
      customer(0),
    )
    expect(tampered.status).toBe(200)
    // cut at s1: pvTtc 4200 (not the list 4000); color: weekprices 2500 (not 3000)
    expect(totals(tampered.body)).toEqual([6700, 0, 6700])
    const { cartId, result } = tampered.body as { cartId: string; result: { token: string } }
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
    expect(payment?.amountCents).toBe(6700)
    const callback = await t.call(`/api/payment/callback/${FREE}?payId=${cartId}`, {
      json: { paymentToken: result.token, prices: lowPrices },
    })
    expect(callback.status).toBe(200)
    const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, cartId))
    // free provider: confirmed with the server's 67 € due at the shop (decision 012)
    expect(order).toMatchObject({ status: 'confirmed', totalCents: 6700, paidCents: 0 })
    const [due] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
    expect(due).toMatchObject({ status: 'pending', amountCents: 6700 })
  })

  it('e-shop lines: the shop price, VAT kept per line, the coupon computed by the server', async () => {
    const lines = [
      { articleId: 'candle', quantity: 2, price: 1 },
      { articleId: 'soap', quantity: 1, unitPrice: 1 },
    ]
    const res = await init(
      { purpose: 'eshop', shopId: 's1', lines, couponCode: 'welcome10', prices: lowPrices },
      customer(1),
    )
    expect(res.status).toBe(200)
    expect(totals(res.body)).toEqual([3600, 360, 3240])
    const { cartId } = res.body as { cartId: string }
    const [cart] = await t.db.select().from(carts).where(eq(carts.id, cartId))
    expect(cart?.data.lines).toEqual([
      expect.objectContaining({
        articleId: 'candle',
        unitPrice: 1400,
        total: 2800,
        vatRate: 20,
        vatAmount: 467,
      }),
      expect.objectContaining({
        articleId: 'soap',
        unitPrice: 800,
        total: 800,
        vatRate: 5.5,
        vatAmount: 42,
      }),
    ])
    // at the other shop the candle has no shop price: the week's price
    const s2 = await init(
      { purpose: 'eshop', shopId: 's2', lines: [{ articleId: 'candle', quantity: 1 }] },
      customer(1),
    )
    expect(totals(s2.body)).toEqual([1200, 0, 1200])
  })

  it('a gift voucher pays up to its remaining amount, a coupon first', async () => {
    await voucher(t, FREE, 'LEAGIFT00001', 1000, 5000)
    expect((await hold(t, FREE, customer(2), 'cut', '14:00')).status).toBe(200)
    const appointments = [
      {
        shopid: 's1',
        serviceid: 'cut',
        start: `${WEDNESDAY}T14:00`,
        end: `${WEDNESDAY}T15:00`,
        myAppointment: { giftCode: 'leag-ift0-0001' },
      },
    ]
    const res = await init(
      { purpose: 'booking', shopId: 's1', appointments, couponCode: 'FIVE' },
      customer(2),
    )
    expect(res.status).toBe(200)
    // 4200 - 500 (coupon) - 1000 (voucher)
    expect(totals(res.body)).toEqual([4200, 1500, 2700])
    const { cartId, result } = res.body as { cartId: string; result: { token: string } }
    const paid = await t.call('/api/payment/pay', {
      company: FREE,
      bearer: customer(2),
      json: { cartId, paymentToken: result.token },
    })
    expect(paid.body).toMatchObject({
      status: 'succeeded',
      amountDue: { amount: 2700, currency: 'EUR' },
    })
    const [gift] = await t.db.select().from(gifts).where(eq(gifts.code, 'LEAGIFT00001'))
    expect(gift?.remainingCents).toBe(0)
    const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, cartId))
    // the voucher's 10 € are paid; the 27 € left are due at the shop (decision 012)
    expect(order?.paidCents).toBe(1000)
  })

  it('a voucher that covers everything completes at once, whatever the provider', async () => {
    await voucher(t, FREE, 'BIGGIFT00001', 10_000)
    expect((await hold(t, FREE, customer(3), 'color', '16:00')).status).toBe(200)
    const appointments = [
      {
        shopid: 's1',
        serviceid: 'color',
        start: `${WEDNESDAY}T16:00`,
        end: `${WEDNESDAY}T16:30`,
        myAppointment: { giftCode: 'BIGGIFT00001' },
      },
    ]
    const res = await init({ purpose: 'booking', shopId: 's1', appointments }, customer(3))
    expect(totals(res.body)).toEqual([2500, 2500, 0])
    const { cartId } = res.body as { cartId: string }
    const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, cartId))
    expect(order).toMatchObject({ status: 'confirmed', paidCents: 2500 })
    const [gift] = await t.db.select().from(gifts).where(eq(gifts.code, 'BIGGIFT00001'))
    expect(gift?.remainingCents).toBe(7500)
  })
})
