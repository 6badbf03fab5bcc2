import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accounts,
  bookingOrders,
  customerCredits,
  gifts,
  loyaltyCards,
  notifications,
  paymentEvents,
  payments,
} from '#server/db/schema/index.ts'
import { staffBearer } from '#server/test/desk.ts'
import { bearer, type TestApi } from '#server/test/harness.ts'
import {
  customers,
  hold,
  hostOf,
  NOW,
  setClock,
  startPaymentApi,
  tokenOf,
  voucher,
} from '#server/test/payment.ts'

/**
 * Payments taken at the desk and refunds from the studio (docs/decisions/078-desk-payments.md):
 * the method kept, a burst recorded once, a voucher that pays the whole amount or nothing, the
 * refunds through the provider that was paid or as credit never above what was paid, the bill
 * showing the refund, the customer e-mailed, and the roles' refusals.
 */
let t: TestApi
let bearers: string[]
let owner: string
let manager: string
let otherOwner: string
const FREE = tokenOf('free')
const OTHER = tokenOf('other')
const customer = (i: number) => bearers[i] ?? ''

beforeAll(async () => {
  t = await startPaymentApi(['free', 'other'])
  bearers = await customers(t, hostOf('free'), 4, 'dk')
  owner = await bearer(t, hostOf('free'), 'provider')
  otherOwner = await bearer(t, hostOf('other'), 'provider')
  // a manager of no shop of this company: every order here is another shop's
  manager = await staffBearer(t, hostOf('free'), 'desk-manager', {
    studioRole: 'manager',
    artebeauteIds: ['elsewhere'],
  })
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

/** A booking confirmed "pay at the shop" by customer i: its cart id (the order's id). */
async function bookedAtShop(i: number, time: string) {
  expect((await hold(t, FREE, customer(i), 'cut', time)).status).toBe(200)
  const init = await t.call('/api/payment/initialize', {
    company: FREE,
    bearer: customer(i),
    json: { purpose: 'booking', shopId: 's1' },
  })
  const { cartId, result } = init.body as { cartId: string; result: { token: string } }
  const paid = await t.call('/api/payment/pay', {
    company: FREE,
    bearer: customer(i),
    json: { cartId, paymentToken: result.token },
  })
  expect(paid.status).toBe(200)
  return cartId
}

const atShop = (who: string, json: Record<string, unknown>, company = FREE) =>
  t.call('/api/payment/at-shop', { company, bearer: who, json })
const admin = (path: string, json: Record<string, unknown>, who = owner) =>
  t.call(path, { bearer: who, json })
const mailsTo = async (email: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.recipient, email))).map(
    (n) => n.body,
  )
const orderRow = async (id: string) =>
  (await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, id)))[0]
const emailOf = async (id: string | null) =>
  (
    await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, id ?? ''))
  )[0]?.email ?? ''
const bill = async (ideorder: string) =>
  (
    (await t.call(`/bookingOrder/ideorder?ideorder=${ideorder}`, { bearer: owner })).body as {
      bill: { payment: string; refunded?: { amount: number } }
    }
  ).bill

describe('a payment taken at the desk', () => {
  it('a burst of the same card payment records it once: one event, points once, one e-mail', async () => {
    setClock(NOW)
    const id = await bookedAtShop(0, '10:00')
    const customerMail = await emailOf((await orderRow(id))?.customerId ?? null)
    const before = (await mailsTo(customerMail)).length
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => atShop(owner, { orderId: id, amount: 4200, method: 'card' })),
    )
    for (const res of burst) {
      expect(res).toMatchObject({
        status: 200,
        body: { orderId: id, status: 'succeeded', method: 'card' },
      })
    }
    const events = await t.db
      .select()
      .from(paymentEvents)
      .where(like(paymentEvents.eventKey, 'at-shop:%'))
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, id))
    expect(events.filter((e) => e.paymentId === payment?.id)).toHaveLength(1)
    expect(payment?.data.recordedAtShop).toMatchObject({ method: 'card' })
    const order = await orderRow(id)
    expect(order).toMatchObject({ paidCents: 4200 })
    const [card] = await t.db
      .select()
      .from(loyaltyCards)
      .where(eq(loyaltyCards.customerId, order?.customerId ?? ''))
    expect(card?.points).toBe(42)
    expect((await mailsTo(customerMail)).length - before).toBe(1)
    expect((await bill(order?.ideorder ?? '')).payment).toBe('paid')
  })

  it('refuses another amount, a voucher that does not cover it (nothing spent) and a missing code', async () => {
    setClock(NOW)
    const id = await bookedAtShop(1, '11:00')
    expect(await atShop(owner, { orderId: id, amount: 4000 })).toMatchObject({
      status: 409,
      body: { type: 'amountMismatch' },
    })
    const small = await voucher(t, FREE, 'DESKSMALL1', 3000)
    expect(
      await atShop(owner, {
        orderId: id,
        amount: 4200,
        method: 'voucher',
        voucherCode: 'DESKSMALL1',
      }),
    ).toMatchObject({ status: 409, body: { type: 'giftTooSmall' } })
    expect((await t.db.select().from(gifts).where(small))[0]?.remainingCents).toBe(3000)
    expect(await atShop(owner, { orderId: id, amount: 4200, method: 'voucher' })).toMatchObject({
      status: 400,
    })
    const big = await voucher(t, FREE, 'DESKBIG001', 5000)
    const paid = await atShop(owner, {
      orderId: id,
      amount: 4200,
      method: 'voucher',
      voucherCode: 'DESKBIG001',
    })
    expect(paid).toMatchObject({ status: 200, body: { method: 'voucher' } })
    expect((await t.db.select().from(gifts).where(big))[0]?.remainingCents).toBe(800)
    expect((await orderRow(id))?.paidCents).toBe(4200)
  })

  it("refuses another company's user and a manager of another shop (404), changing nothing", async () => {
    setClock(NOW)
    const id = await bookedAtShop(2, '12:00')
    expect((await atShop(otherOwner, { orderId: id, amount: 4200 }, OTHER)).status).toBe(404)
    expect((await atShop(manager, { orderId: id, amount: 4200 })).status).toBe(404)
    expect((await atShop(customer(2), { orderId: id, amount: 4200 })).status).toBe(401)
    expect((await orderRow(id))?.paidCents).toBe(0)
  })
})

describe('refunds from the studio', () => {
  it('part through the provider, part as credit, never more than was paid; the bill and e-mails follow', async () => {
    setClock(NOW)
    const id = await bookedAtShop(3, '14:00')
    expect((await atShop(owner, { orderId: id, amount: 4200, method: 'cash' })).status).toBe(200)
    const order = await orderRow(id)
    const ideorder = order?.ideorder ?? ''
    const customerId = order?.customerId ?? ''
    const mailsBefore = (await mailsTo(await emailOf(customerId))).length
    const refund = (path: string, amount: number, who = owner) =>
      admin(`/bookingOrder/${path}`, { appointment: { ideorder, customerId, amount } }, who)
    expect((await refund('partialRefund', 1000, manager)).status).toBe(403)
    expect((await refund('oldCredit/refund', 1000, manager)).status).toBe(403)
    expect(await refund('partialRefund', 1000)).toMatchObject({ status: 200 })
    expect(await bill(ideorder)).toMatchObject({
      payment: 'partiallyRefunded',
      refunded: { amount: 1000 },
    })
    expect(await refund('oldCredit/refund', 2000)).toMatchObject({
      status: 200,
      body: { refunded: { amount: 2000 } },
    })
    expect((await bill(ideorder)).refunded?.amount).toBe(3000)
    // 1200 left: neither path gives more
    expect(await refund('partialRefund', 1500)).toMatchObject({
      status: 409,
      body: { type: 'refundTooLarge' },
    })
    expect(await refund('oldCredit/refund', 1300)).toMatchObject({
      status: 409,
      body: { type: 'refundTooLarge' },
    })
    expect((await refund('oldCredit/refund', 1200)).status).toBe(200)
    expect(await orderRow(id)).toMatchObject({ paidCents: 0, status: 'refunded' })
    expect(await bill(ideorder)).toMatchObject({ payment: 'refunded', refunded: { amount: 4200 } })
    const credits = await t.db
      .select()
      .from(customerCredits)
      .where(and(eq(customerCredits.sourceIdeorder, ideorder), eq(customerCredits.kind, 'refund')))
    expect(credits.map((c) => c.amountCents).sort()).toEqual([1200, 2000])
    const [card] = await t.db
      .select()
      .from(loyaltyCards)
      .where(eq(loyaltyCards.customerId, customerId))
    expect(card?.points).toBe(0)
    // refunded once, credited twice
    expect((await mailsTo(await emailOf(customerId))).length - mailsBefore).toBe(3)
  })
})
