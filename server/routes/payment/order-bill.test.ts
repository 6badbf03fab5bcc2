import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payments } from '#server/db/schema/index.ts'
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

/**
 * Orders as the customer reads them (docs/product/5-rules.md#order-bills): the shop's public name,
 * each line with its unit price, quantity and total, the coupon, the vouchers (masked), the VAT,
 * the total recomputed from the lines, equal to what the payment charged, and the payment status.
 */
let t: TestApi
let bearers: string[]
const FREE = tokenOf('free')
const EUR = (amount: number) => ({ amount, currency: 'EUR' })
type Init = { cartId: string; result: { token: string }; prices: { total: { amount: number } } }
type Bill = {
  shopName?: string
  lines: { articleId: string; quantity: number; unitPrice: unknown; total: unknown }[]
  total: { amount: number }
  payment: string
}

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  bearers = await customers(t, hostOf('free'), 3, 'ob')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

const as = (i: number) => ({ company: FREE, bearer: bearers[i] ?? '' })
const slot = (serviceid: string, start: string, end: string, giftCode?: string) => ({
  shopid: 's1',
  serviceid,
  start: `${WEDNESDAY}T${start}`,
  end: `${WEDNESDAY}T${end}`,
  myAppointment: giftCode ? { giftCode } : {},
})

async function charged(cartId: string): Promise<number> {
  const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
  if (!payment) throw new Error('no payment')
  return payment.amountCents
}

async function bookingOrderOf(i: number) {
  const res = await t.call(`/api/customers/history?artebeauteId=ob${i}`, as(i))
  expect(res.status).toBe(200)
  const orders = res.body as { id: string; bill: Bill }[]
  // the booking order is the cart's (services/booking: one order per cart)
  expect(orders).toHaveLength(1)
  return orders[0] as { id: string; bill: Bill }
}

describe('booking order bill', () => {
  it('lines, coupon, a voucher paying part, VAT; total = what was charged; due at the shop', async () => {
    await voucher(t, FREE, 'PART00000001', 1000)
    expect((await hold(t, FREE, bearers[0] ?? '', 'cut', '10:00')).status).toBe(200)
    expect((await hold(t, FREE, bearers[0] ?? '', 'color', '14:00')).status).toBe(200)
    const init = await t.call('/api/payment/initialize', {
      ...as(0),
      json: {
        purpose: 'booking',
        shopId: 's1',
        couponCode: 'FIVE',
        appointments: [
          slot('cut', '10:00', '11:00', 'PART00000001'),
          slot('color', '14:00', '14:30', 'PART00000001'),
        ],
      },
    })
    expect(init.status).toBe(200)
    const { cartId, result, prices } = init.body as Init
    const paid = await t.call('/api/payment/pay', {
      ...as(0),
      json: { cartId, paymentToken: result.token },
    })
    expect((paid.body as { status: string }).status).toBe('succeeded')

    const { bill } = await bookingOrderOf(0)
    expect(bill).toMatchObject({
      shopName: 'Centre',
      lines: [
        {
          articleId: 'cut',
          quantity: 1,
          unitPrice: EUR(4200),
          total: EUR(4200),
          vatRate: 20,
          vat: EUR(700),
        },
        {
          articleId: 'color',
          quantity: 1,
          unitPrice: EUR(2500),
          total: EUR(2500),
          vatRate: 20,
          vat: EUR(417),
        },
      ],
      subtotal: EUR(6700),
      coupon: { code: 'FIVE', amount: EUR(500) },
      vouchers: [{ code: '••••-0001', amount: EUR(1000) }],
      vat: EUR(1117),
      total: EUR(5200),
      // the free provider means "pay at the shop" (decision 012)
      payment: 'dueAtShop',
    })
    expect(bill.total.amount).toBe(prices.total.amount)
    expect(bill.total.amount).toBe(await charged(cartId))
  })

  it('a voucher paying it all: total 0, paid; the shop named by its public name', async () => {
    await voucher(t, FREE, 'FULL00000001', 9000)
    expect((await hold(t, FREE, bearers[1] ?? '', 'cut', '12:00')).status).toBe(200)
    const init = await t.call('/api/payment/initialize', {
      ...as(1),
      json: {
        purpose: 'booking',
        shopId: 's1',
        appointments: [slot('cut', '12:00', '13:00', 'FULL00000001')],
      },
    })
    expect(init.status).toBe(200)
    const { cartId } = init.body as Init
    const { bill } = await bookingOrderOf(1)
    expect(bill.shopName).toBe('Centre')
    expect(bill).toMatchObject({
      subtotal: EUR(4200),
      vouchers: [{ code: '••••-0001', amount: EUR(4200) }],
      total: EUR(0),
      payment: 'paid',
    })
    expect(bill.total.amount).toBe(await charged(cartId))
  })
})

describe('e-shop order bill', () => {
  it('unit price × quantity per line, each with its own VAT rate; total = what was charged', async () => {
    const init = await t.call('/api/payment/initialize', {
      ...as(2),
      json: {
        purpose: 'eshop',
        shopId: 's1',
        couponCode: 'FIVE',
        lines: [
          { articleId: 'candle', quantity: 2 },
          { articleId: 'soap', quantity: 3 },
        ],
      },
    })
    expect(init.status).toBe(200)
    const { cartId, result, prices } = init.body as Init
    await t.call('/api/payment/pay', { ...as(2), json: { cartId, paymentToken: result.token } })
    const res = await t.call('/api/eshop/my-orders', as(2))
    expect(res.status).toBe(200)
    const [order] = res.body as { bill: Bill }[]
    expect(order?.bill).toMatchObject({
      shopName: 'Centre',
      lines: [
        { articleId: 'candle', quantity: 2, unitPrice: EUR(1400), total: EUR(2800), vat: EUR(467) },
        { articleId: 'soap', quantity: 3, unitPrice: EUR(800), total: EUR(2400), vat: EUR(125) },
      ],
      subtotal: EUR(5200),
      coupon: { code: 'FIVE', amount: EUR(500) },
      vouchers: [],
      vat: EUR(592),
      total: EUR(4700),
    })
    // an e-shop order paid at collection (free provider, decision 012)
    expect(order?.bill.payment).toBe('dueAtShop')
    expect(order?.bill.total.amount).toBe(prices.total.amount)
    expect(order?.bill.total.amount).toBe(await charged(cartId))
  })
})
