import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bookingOrders,
  eshopOrders,
  loyaltyMovements,
  loyaltyPrograms,
  payments,
} from '#server/db/schema/index.ts'
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
} from '#server/test/payment.ts'

/**
 * Refunds take back the loyalty points the refunded part earned (POST /api/payment/refund,
 * services/payments/refund-record.ts recordRefund → services/loyalty debitLoyaltyForRefund), with the
 * free provider end to end: a 42,00 € booking earns 42 points (1 point per euro).
 */
let t: TestApi
let bearers: string[]
let staff: string
let companyId: number
const FREE = tokenOf('free')
const customer = (i: number) => bearers[i] ?? ''
const customerId = (i: number) => `rl${i}`

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  bearers = await customers(t, hostOf('free'), 12, 'rl')
  staff = await bearer(t, hostOf('free'), 'provider')
  companyId = await companyIdOf(t, FREE)
  // a tier of 40 points, so that a customer can spend what an order earned
  await t.db
    .update(loyaltyPrograms)
    .set({
      data: {
        active: true,
        name: { fr: 'Fidélité' },
        pointsPerEuro: 1,
        paliers: [
          { id: 't40', name: { fr: '5 € offerts' }, points: 40, rewardType: 'amount', amount: 500 },
        ],
      },
    })
    .where(and(eq(loyaltyPrograms.companyId, companyId), eq(loyaltyPrograms.id, 'default')))
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

/**
 * A paid booking of 'cut' (42,00 €) for customer i at `time`, paid at the shop and recorded
 * there: its order id (= cart id).
 */
async function paidBooking(i: number, time: string): Promise<string> {
  setClock(NOW)
  expect((await hold(t, FREE, customer(i), 'cut', time)).status).toBe(200)
  const init = await t.call('/api/payment/initialize', {
    company: FREE,
    bearer: customer(i),
    json: { purpose: 'booking', shopId: 's1' },
  })
  expect(init.status).toBe(200)
  const { cartId, result } = init.body as { cartId: string; result: { token: string } }
  const paid = await t.call('/api/payment/pay', {
    company: FREE,
    bearer: customer(i),
    json: { cartId, paymentToken: result.token },
  })
  expect(paid.body).toEqual({
    status: 'succeeded',
    orderId: cartId,
    amountDue: { amount: 4200, currency: 'EUR' },
  })
  // decision 012: paid at the shop, recorded by the staff: now it earns points and can be refunded
  expect((await recordAtShop(t, FREE, staff, cartId, 4200)).status).toBe(200)
  return cartId
}

const refund = (orderId: string, amount?: number) =>
  t.call('/api/payment/refund', {
    company: FREE,
    bearer: staff,
    json: amount === undefined ? { orderId } : { orderId, amount },
  })

async function points(i: number): Promise<number> {
  const card = await t.call('/api/loyalty/current', { company: FREE, bearer: customer(i) })
  expect(card.status).toBe(200)
  return (card.body as { points: number }).points
}

/** The refund movements of one order, oldest first. */
const refundMoves = (orderId: string) =>
  t.db
    .select()
    .from(loyaltyMovements)
    .where(
      and(
        eq(loyaltyMovements.companyId, companyId),
        eq(loyaltyMovements.reason, 'refund'),
        eq(loyaltyMovements.sourceId, orderId),
      ),
    )
    .orderBy(asc(loyaltyMovements.id))

/** Points owed back by an order's refunds so far: taken from the card or short. */
const owed = (moves: { delta: number; shortfall: number }[]) =>
  moves.reduce((sum, m) => sum - m.delta + m.shortfall, 0)

describe('refunds take back loyalty points', () => {
  it('a full refund debits every point the order earned, once', async () => {
    const orderId = await paidBooking(0, '09:00')
    expect(await points(0)).toBe(42)
    expect((await refund(orderId)).status).toBe(200)
    expect(await points(0)).toBe(0)
    const moves = await refundMoves(orderId)
    expect(moves).toEqual([
      expect.objectContaining({
        reason: 'refund',
        delta: -42,
        shortfall: 0,
        sourceKind: 'booking',
        sourceId: orderId,
      }),
    ])
    const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, orderId))
    expect(order).toMatchObject({ status: 'refunded', paidCents: 0 })
    // nothing left to refund: refused, and no point moves
    expect((await refund(orderId)).status).toBe(400)
    expect(await refundMoves(orderId)).toHaveLength(1)
  })

  it('partial refunds debit proportionally, rounded down, never more than earned', async () => {
    const orderId = await paidBooking(1, '10:00')
    // 10,50 € of 42 €: 10.5 points → 10
    expect((await refund(orderId, 1050)).status).toBe(200)
    expect(await points(1)).toBe(32)
    // 21 € refunded in all: 21 points owed in all → 11 more
    expect((await refund(orderId, 1050)).status).toBe(200)
    expect(await points(1)).toBe(21)
    expect((await refundMoves(orderId)).map((m) => m.delta)).toEqual([-10, -11])
    const [partly] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, orderId))
    expect(partly).toMatchObject({ status: 'partiallyRefunded', paidCents: 2100 })
    // the rest: exactly what was earned, in all
    expect((await refund(orderId)).status).toBe(200)
    const moves = await refundMoves(orderId)
    expect(moves.map((m) => m.delta)).toEqual([-10, -11, -21])
    expect(owed(moves)).toBe(42)
    expect(await points(1)).toBe(0)
  })

  it('points already exchanged: the card stops at zero and the shortfall is recorded', async () => {
    const orderId = await paidBooking(2, '11:00')
    const exchanged = await t.call('/api/loyalty/exchange', {
      company: FREE,
      bearer: customer(2),
      json: { palierId: 't40' },
    })
    expect(exchanged).toMatchObject({ status: 200, body: { points: 2 } })
    // half refunded: 21 points owed, 2 left on the card
    expect((await refund(orderId, 2100)).status).toBe(200)
    expect(await points(2)).toBe(0)
    // the other half: 21 owed, nothing left; the movement is recorded all the same
    expect((await refund(orderId)).status).toBe(200)
    expect(await points(2)).toBe(0)
    const moves = await refundMoves(orderId)
    expect(moves.map((m) => ({ delta: m.delta, shortfall: m.shortfall, by: m.by }))).toEqual([
      { delta: -2, shortfall: 19, by: 'staff' },
      { delta: 0, shortfall: 21, by: 'staff' },
    ])
    expect(owed(moves)).toBe(42)
  })

  it('a refund takes the points from the card, whichever order they came from', async () => {
    const first = await paidBooking(3, '12:00')
    await paidBooking(3, '13:00')
    expect(await points(3)).toBe(84)
    const exchanged = await t.call('/api/loyalty/exchange', {
      company: FREE,
      bearer: customer(3),
      json: { palierId: 't40' },
    })
    expect(exchanged.status).toBe(200)
    expect((await refund(first)).status).toBe(200)
    expect(await points(3)).toBe(2)
    expect((await refundMoves(first)).map((m) => [m.delta, m.shortfall])).toEqual([[-42, 0]])
  })

  it('concurrent refunds never debit more than the refunded share of what was earned', async () => {
    // five refunds of 9 € at once on 42 €: four fit (36 €), one is refused
    const orderId = await paidBooking(4, '14:00')
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(orderId, 900)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 409])
    const moves = await refundMoves(orderId)
    expect(moves).toHaveLength(4)
    expect(owed(moves)).toBe(36)
    expect(await points(4)).toBe(6)
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, orderId))
    expect(payment).toMatchObject({ status: 'partiallyRefunded', refundedCents: 3600 })

    // three refunds of 14 € at once: the whole order, every point, the order refunded
    const whole = await paidBooking(5, '15:00')
    const all = await Promise.all(Array.from({ length: 3 }, () => refund(whole, 1400)))
    expect(all.map((a) => a.status)).toEqual([200, 200, 200])
    expect(owed(await refundMoves(whole))).toBe(42)
    expect(await points(5)).toBe(0)
    const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, whole))
    expect(order).toMatchObject({ status: 'refunded', paidCents: 0 })
    const [paid] = await t.db.select().from(payments).where(eq(payments.cartId, whole))
    expect(paid).toMatchObject({ status: 'refunded', refundedCents: 4200 })

    // two, three, four and five refunds of 11 € at once: at most three fit in 42 €
    for (const [n, i, time] of [
      [2, 6, '16:00'],
      [3, 7, '16:00'],
      [4, 8, '17:00'],
      [5, 9, '17:00'],
    ] as const) {
      const id = await paidBooking(i, time)
      const many = await Promise.all(Array.from({ length: n }, () => refund(id, 1100)))
      const taken = many.filter((a) => a.status === 200).length
      expect(taken).toBe(Math.min(n, 3))
      const debits = owed(await refundMoves(id))
      expect(debits).toBe(Math.floor((42 * 1100 * taken) / 4200))
      expect(debits).toBeLessThanOrEqual(42)
      expect(await points(i)).toBe(42 - debits)
    }
  })

  it('an e-shop order gives back its points too (source e-shop)', async () => {
    setClock(NOW)
    const init = await t.call('/api/payment/initialize', {
      company: FREE,
      bearer: customer(10),
      json: { purpose: 'eshop', shopId: 's1', lines: [{ articleId: 'soap', quantity: 3 }] },
    })
    expect(init.status).toBe(200)
    const { cartId, result } = init.body as { cartId: string; result: { token: string } }
    const paid = await t.call('/api/payment/pay', {
      company: FREE,
      bearer: customer(10),
      json: { cartId, paymentToken: result.token },
    })
    const orderId = (paid.body as { orderId: string }).orderId
    // collected and paid at the shop (decision 012): the points come with the recorded payment
    expect((await recordAtShop(t, FREE, staff, orderId, 2400)).status).toBe(200)
    expect(await points(10)).toBe(24)
    expect((await refund(orderId, 1000)).status).toBe(200)
    expect(await points(10)).toBe(14)
    const moves = await refundMoves(orderId)
    expect(moves.map((m) => [m.sourceKind, m.delta])).toEqual([['eshop', -10]])
    const [order] = await t.db.select().from(eshopOrders).where(eq(eshopOrders.id, orderId))
    expect(order?.customerId).toBe(customerId(10))
  })
})
