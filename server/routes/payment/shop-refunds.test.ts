import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eshopOrders, giftMovements, gifts, notifications, stock } from '#server/db/schema/index.ts'
import { redeemGift } from '#server/services/gifts/index.ts'
import { bearer, type TestApi } from '#server/test/harness.ts'
import {
  companyIdOf,
  customers,
  hostOf,
  recordAtShop,
  setClock,
  startPaymentApi,
  tokenOf,
} from '#server/test/payment.ts'

/**
 * Refunds of e-shop orders and gift vouchers from the studio (docs/decisions/078-desk-payments.md):
 * the e-shop order's bill says what was given back; a voucher's purchase refunded takes that
 * value off the voucher (the buyer never keeps both), never more than is left on it.
 */
let t: TestApi
let bearers: string[]
let owner: string
const FREE = tokenOf('free')
const customer = (i: number) => bearers[i] ?? ''
const post = (path: string, json: unknown, who?: string) =>
  t.call(path, { company: FREE, ...(who ? { bearer: who } : {}), json })
const refund = (orderId: string, amount: number) =>
  post('/api/payment/refund', { orderId, amount }, owner)
type Init = { cartId: string; result: { token: string } }

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  bearers = await customers(t, hostOf('free'), 2, 'sr')
  owner = await bearer(t, hostOf('free'), 'provider')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

/** An order of `purpose` initialised and confirmed "pay at the shop", then paid at the desk. */
async function paidAtDesk(json: Record<string, unknown>, amount: number, who?: string) {
  const init = await post('/api/payment/initialize', json, who)
  expect(init.status).toBe(200)
  const { cartId, result } = init.body as Init
  const paid = await post('/api/payment/pay', { cartId, paymentToken: result.token }, who)
  const { orderId } = paid.body as { orderId: string }
  expect((await recordAtShop(t, FREE, owner, orderId, amount)).status).toBe(200)
  return { cartId, orderId }
}

describe('an e-shop order refunded in part, then in full', () => {
  it('its bill names what was given back and its state', async () => {
    const companyId = await companyIdOf(t, FREE)
    await t.db.insert(stock).values({ companyId, shopId: 's1', articleId: 'oil', quantity: 5 })
    const lines = [{ articleId: 'oil', quantity: 2 }]
    const { orderId } = await paidAtDesk(
      { purpose: 'eshop', shopId: 's1', lines },
      4000,
      customer(0),
    )
    const bill = async () => {
      const mine = await t.call(`/api/eshop/my-orders/${orderId}`, {
        company: FREE,
        bearer: customer(0),
      })
      expect(mine.status).toBe(200)
      return (mine.body as { bill: { payment: string; refunded?: { amount: number } } }).bill
    }
    expect(await bill()).toMatchObject({ payment: 'paid' })
    expect((await refund(orderId, 1500)).status).toBe(200)
    expect(await bill()).toMatchObject({ payment: 'partiallyRefunded', refunded: { amount: 1500 } })
    expect(await refund(orderId, 3000)).toMatchObject({
      status: 409,
      body: { type: 'refundTooLarge' },
    })
    expect((await refund(orderId, 2500)).status).toBe(200)
    expect(await bill()).toMatchObject({ payment: 'refunded', refunded: { amount: 4000 } })
    const [order] = await t.db.select().from(eshopOrders).where(eq(eshopOrders.id, orderId))
    expect(order?.status).toBe('refunded')
    // the customer is told each time, with the order's number
    const mails = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, 'sr0@example.com'))
    const refunds = mails.filter((m) => JSON.stringify(m).includes(order?.number ?? '?'))
    // its payment at the desk, then each of the two refunds
    expect(refunds).toHaveLength(3)
  })
})

describe("a gift voucher's purchase refunded", () => {
  const purchase = (to: string) => ({
    purpose: 'gift',
    shopId: 's1',
    gift: { themeId: 'th1', amount: 5000, to, email: `${to}@example.com` },
    prices: { total: 1 },
  })
  const voucherOf = async (giftId: string) =>
    (await t.db.select().from(gifts).where(eq(gifts.id, giftId)))[0]

  it('takes what it gives back off the voucher, never more than is left on it', async () => {
    const { orderId: giftId } = await paidAtDesk(purchase('ines'), 5000)
    expect(await voucherOf(giftId)).toMatchObject({ status: 'active', remainingCents: 5000 })
    expect((await refund(giftId, 2000)).status).toBe(200)
    expect((await voucherOf(giftId))?.remainingCents).toBe(3000)

    // the voucher pays 1,000 of a visit: 2,000 is left on it, 3,000 of the payment unrefunded
    const gift = await voucherOf(giftId)
    await t.db.transaction((tx) =>
      redeemGift(tx, { companyId: gift?.companyId ?? 0, code: gift?.code ?? '', amount: 1000 }),
    )
    expect(await refund(giftId, 3000)).toMatchObject({
      status: 409,
      body: { type: 'refundTooLarge' },
    })
    expect((await voucherOf(giftId))?.remainingCents).toBe(2000)
    expect((await refund(giftId, 2000)).status).toBe(200)
    expect((await voucherOf(giftId))?.remainingCents).toBe(0)
    const withdrawn = await t.db
      .select({ amount: giftMovements.amountCents })
      .from(giftMovements)
      .where(and(eq(giftMovements.giftId, giftId), eq(giftMovements.kind, 'cancel')))
    expect(withdrawn.map((m) => m.amount)).toEqual([-2000, -2000])

    // the sales report: sold 5,000 = redeemed 1,000 + refunded 4,000 + outstanding 0
    const sales = await t.call('/giftOrders/history?page=1&itemPerPage=50', { bearer: owner })
    expect(sales.status).toBe(200)
    const body = sales.body as {
      items: { idgift: string; refunded?: { amount: number } }[]
      totals: Record<'sold' | 'redeemed' | 'refunded' | 'outstanding', { amount: number }>
    }
    expect(body.items.find((i) => i.idgift === giftId)?.refunded?.amount).toBe(4000)
    const { sold, redeemed, refunded, outstanding } = body.totals
    expect(redeemed.amount + refunded.amount + outstanding.amount).toBe(sold.amount)
  })

  it('a burst of refunds and redemptions at once never gives the same euros twice', async () => {
    const { orderId: giftId } = await paidAtDesk(purchase('zoe'), 5000)
    const gift = await voucherOf(giftId)
    const redeem = () =>
      t.db
        .transaction((tx) =>
          redeemGift(tx, {
            companyId: gift?.companyId ?? 0,
            code: gift?.code ?? '',
            amount: 1500,
            cartId: `burst-${Math.random()}`,
          }),
        )
        .then((r) => r.applied)
        .catch(() => 0)
    const give = () => refund(giftId, 1500).then((r) => (r.status === 200 ? 1500 : 0))
    const outcomes = await Promise.all([give(), redeem(), give(), redeem(), give(), redeem()])
    const spent = outcomes.reduce((sum, x) => sum + x, 0)
    const left = (await voucherOf(giftId))?.remainingCents ?? -1
    expect(left).toBeGreaterThanOrEqual(0)
    expect(spent + left).toBe(5000)
  })
})
