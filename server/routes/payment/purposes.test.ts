import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bookingOrders,
  carts,
  eshopOrders,
  gifts,
  notifications,
  payments,
  stock,
} from '#server/db/schema/index.ts'
import { abandonExpiredCarts } from '#server/services/payments/index.ts'
import { bearer, type TestApi } from '#server/test/harness.ts'
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
  voucher,
  WEDNESDAY,
} from '#server/test/payment.ts'

/**
 * Gift vouchers and e-shop orders with the free provider end to end: ordered online, paid at the
 * shop, issued when the shop records the payment (decision 012).
 */
let t: TestApi
let bearers: string[]
let staff: string
const FREE = tokenOf('free')
const customer = (i: number) => bearers[i] ?? ''
const post = (path: string, json: unknown, who?: string) =>
  t.call(path, { company: FREE, ...(who ? { bearer: who } : {}), json })
type Init = { cartId: string; result: { token: string } }

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  bearers = await customers(t, hostOf('free'), 4, 'pp')
  staff = await bearer(t, hostOf('free'), 'provider')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

describe('gift vouchers', () => {
  it('a visitor buys one: pending until the shop records its payment, then active and e-mailed', async () => {
    const gift = { themeId: 'th1', amount: 5000, to: 'Léa', email: 'Lea@Example.com' }
    const res = await post('/api/payment/initialize', {
      purpose: 'gift',
      shopId: 's1',
      gift,
      prices: { total: 1 },
    })
    expect(res.status).toBe(200)
    const { cartId, result } = res.body as Init
    const [pending] = await t.db.select().from(gifts).where(eq(gifts.cartId, cartId))
    expect(pending).toMatchObject({
      status: 'pending',
      amountCents: 5000,
      recipientEmail: 'lea@example.com',
    })
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
    expect(payment?.amountCents).toBe(5000)

    const paid = await post('/api/payment/pay', { cartId, paymentToken: result.token })
    expect(paid.body).toEqual({
      status: 'succeeded',
      orderId: pending?.id,
      amountDue: { amount: 5000, currency: 'EUR' },
    })
    // decision 012: the free provider took no money: still inactive, no code e-mailed
    const mails = () =>
      t.db.select().from(notifications).where(eq(notifications.recipient, 'lea@example.com'))
    const status = async () =>
      (await t.db.select().from(gifts).where(eq(gifts.cartId, cartId)))[0]?.status
    expect(await status()).toBe('pending')
    expect(await mails()).toHaveLength(0)
    // the shop records another amount: refused, nothing issued
    const wrong = await recordAtShop(t, FREE, staff, pending?.id ?? '', 4999)
    expect(wrong).toMatchObject({ status: 409, body: { type: 'amountMismatch' } })
    expect(await status()).toBe('pending')
    // the 50 € taken at the shop: active and e-mailed, once however often it is recorded
    const recorded = await Promise.all(
      [1, 2, 3].map(() => recordAtShop(t, FREE, staff, pending?.id ?? '', 5000)),
    )
    expect(recorded.map((r) => r.status)).toEqual([200, 200, 200])
    expect(await status()).toBe('active')
    expect(await mails()).toHaveLength(1)
  })

  it('one voucher, two carts paying with it at once: one is paid, the other refused', async () => {
    await voucher(t, FREE, 'ONCE00000001', 2000)
    const code = { giftCode: 'ONCE00000001' }
    const carts: Init[] = []
    for (const i of [0, 1]) {
      expect((await hold(t, FREE, customer(i), 'cut', '10:00')).status).toBe(200)
      const appointments = [
        {
          shopid: 's1',
          serviceid: 'cut',
          start: `${WEDNESDAY}T10:00`,
          end: `${WEDNESDAY}T11:00`,
          myAppointment: code,
        },
      ]
      const res = await post(
        '/api/payment/initialize',
        { purpose: 'booking', shopId: 's1', appointments },
        customer(i),
      )
      // both are priced with the voucher: 4200 - 2000
      expect((res.body as { prices: { total: { amount: number } } }).prices.total.amount).toBe(2200)
      carts.push(res.body as Init)
    }
    const answers = await Promise.all(
      carts.map((c, i) =>
        post('/api/payment/pay', { cartId: c.cartId, paymentToken: c.result.token }, customer(i)),
      ),
    )
    const statuses = answers.map((a) => (a.body as { status: string }).status).sort()
    expect(statuses).toEqual(['failed', 'succeeded'])
    expect(
      answers.find((a) => (a.body as { status: string }).status === 'failed')?.body,
    ).toMatchObject({
      errorType: 'giftUsed',
    })
    const [spent] = await t.db.select().from(gifts).where(eq(gifts.code, 'ONCE00000001'))
    expect(spent?.remainingCents).toBe(0)
    const orders = await Promise.all(
      carts.map(
        async (c) =>
          (await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, c.cartId)))[0]
            ?.status,
      ),
    )
    expect(orders.sort()).toEqual(['confirmed', 'pending'])
    const refused = await t.db.select().from(payments).where(eq(payments.errorType, 'giftUsed'))
    // nothing was taken online (free provider: due at the shop), so nothing is sent back
    expect(refused.map((p) => [p.status, p.refundedCents])).toEqual([['failed', 0]])
  })
})

describe('e-shop orders', () => {
  it('the order is written with the stock taken, to pay at collection, paid when the shop records it', async () => {
    const companyId = await companyIdOf(t, FREE)
    await t.db.insert(stock).values({ companyId, shopId: 's1', articleId: 'oil', quantity: 3 })
    const lines = [{ articleId: 'oil', quantity: 2 }]
    const res = await post(
      '/api/payment/initialize',
      { purpose: 'eshop', shopId: 's1', lines },
      customer(2),
    )
    expect(res.status).toBe(200)
    const { cartId } = res.body as Init
    const [order] = await t.db.select().from(eshopOrders).where(eq(eshopOrders.cartId, cartId))
    expect(order).toMatchObject({ status: 'pending', totalCents: 4000 })
    const left = () =>
      t.db
        .select()
        .from(stock)
        .where(and(eq(stock.companyId, companyId), eq(stock.articleId, 'oil')))
    expect((await left())[0]?.quantity).toBe(1)

    // a second try gives the first cart up: its units come back before being taken again
    const retry = await post(
      '/api/payment/initialize',
      { purpose: 'eshop', shopId: 's1', lines },
      customer(2),
    )
    expect(retry.status).toBe(200)
    const [first] = await t.db.select().from(carts).where(eq(carts.id, cartId))
    expect(first?.status).toBe('cancelled')
    expect((await left())[0]?.quantity).toBe(1)
    const again = retry.body as Init
    const paid = await post(
      '/api/payment/pay',
      { cartId: again.cartId, paymentToken: again.result.token },
      customer(2),
    )
    expect(paid.body).toMatchObject({ status: 'succeeded' })
    const sold = async () =>
      (await t.db.select().from(eshopOrders).where(eq(eshopOrders.cartId, again.cartId)))[0]
    // decision 012: ordered, stock kept, to be paid at collection
    expect((await sold())?.status).toBe('pending')
    expect(paid.body).toEqual({
      status: 'succeeded',
      orderId: (await sold())?.id,
      amountDue: { amount: 4000, currency: 'EUR' },
    })
    expect((await recordAtShop(t, FREE, staff, (await sold())?.id ?? '', 4000)).status).toBe(200)
    expect((await sold())?.status).toBe('paid')
    const mine = await t.call('/api/eshop/my-orders', { company: FREE, bearer: customer(2) })
    expect((mine.body as { id: string }[]).map((o) => o.id)).toContain((await sold())?.id)

    // the paid order is not given up by a later initialize; only 1 unit is left now
    const tooMany = await post(
      '/api/payment/initialize',
      { purpose: 'eshop', shopId: 's1', lines },
      customer(2),
    )
    expect(tooMany).toMatchObject({ status: 409, body: { type: 'outOfStock' } })
  })

  it('an unpaid cart is given up after its time: order cancelled, units back, payment cancelled', async () => {
    setClock(NOW)
    const lines = [{ articleId: 'oil', quantity: 1 }]
    const res = await post(
      '/api/payment/initialize',
      { purpose: 'eshop', shopId: 's1', lines },
      customer(3),
    )
    const { cartId } = res.body as Init
    const companyId = await companyIdOf(t, FREE)
    const units = async () =>
      (
        await t.db
          .select()
          .from(stock)
          .where(and(eq(stock.companyId, companyId), eq(stock.articleId, 'oil')))
      )[0]?.quantity
    expect(await units()).toBe(0)
    expect(await abandonExpiredCarts(t.db)).toBe(0)
    setClock(new Date(Date.parse(NOW) + 31 * 60_000).toISOString())
    expect(await abandonExpiredCarts(t.db)).toBe(1)
    const [cart] = await t.db.select().from(carts).where(eq(carts.id, cartId))
    expect(cart?.status).toBe('expired')
    const [order] = await t.db.select().from(eshopOrders).where(eq(eshopOrders.cartId, cartId))
    expect(order?.status).toBe('cancelled')
    expect(await units()).toBe(1)
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
    expect(payment?.status).toBe('cancelled')
    // a success arriving now is refused: the cart is gone
    const late = await post(
      '/api/payment/pay',
      { cartId, paymentToken: payment?.providerToken },
      customer(3),
    )
    expect(late.body).toMatchObject({ status: 'failed' })
    setClock(NOW)
  })
})
