import { and, eq, inArray, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  appointmentClaims,
  appointments,
  carts,
  notifications,
  payments,
} from '#server/db/schema/index.ts'
import { expireHolds, signManageLink } from '#server/services/booking/index.ts'
import { abandonExpiredCarts } from '#server/services/payments/index.ts'
import { bearer, type TestApi } from '#server/test/harness.ts'
import { setCutPrice, storedOrder, stripeDelivered, updateShop } from '#server/test/manage-pay.ts'
import { readMessages } from '#server/test/messages.ts'
import {
  companyIdOf,
  counts,
  customers,
  hold,
  hostOf,
  NOW,
  recordAtShop,
  setClock,
  startPaymentApi,
  tokenOf,
  WEDNESDAY,
} from '#server/test/payment.ts'

/**
 * A visit moved to a dearer one, its difference paid first
 * (docs/decisions/042-reschedule-pay-difference.md), through the real API: 'cut' booked at
 * 42,00 € on Wednesday 28 April 2027 (Paris), then the shop raises it to 50,00 €, so a move
 * costs 8,00 € more. A verified payment is a signed Stripe webhook for the payment (as in
 * payment/verified.test.ts); the free provider confirms it due at the shop (decision 012).
 */
const SECRET = 'whsec_reschedule_pay_secret'
const FREE = tokenOf('free')
const THURSDAY = '2027-04-29'
const BURST = 50
let t: TestApi
let bearers: string[]
let staff: string
let companyId: number
const customer = (i: number) => bearers[i] ?? ''
const typeOf = (body: unknown) => (body as { type?: string }).type
type Init = { cartId: string; result: { token: string }; prices: { total: { amount: number } } }

/** A visit of 'cut' (or 'color') at `time` on `date`, confirmed through the free provider. */
async function booking(i: number, time: string, date = WEDNESDAY, service = 'cut') {
  const minutes = service === 'color' ? 30 : 60
  const [h = 0, m = 0] = time.split(':').map(Number)
  const end = h * 60 + m + minutes
  const hhmm = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`
  const slot = {
    shopid: 's1',
    serviceid: service,
    start: `${date}T${time}`,
    end: `${date}T${hhmm}`,
  }
  const held =
    date === WEDNESDAY
      ? await hold(t, FREE, customer(i), service, time)
      : await t.call('/api/appointments', {
          company: FREE,
          bearer: customer(i),
          json: { ...slot, myAppointment: {} },
        })
  expect(held.status, JSON.stringify(held.body)).toBe(200)
  const init = await t.call('/api/payment/initialize', {
    company: FREE,
    bearer: customer(i),
    headers: { curlang: 'en' },
    json: { purpose: 'booking', shopId: 's1' },
  })
  const { cartId, result } = init.body as Init
  const paid = await t.call('/api/payment/pay', {
    company: FREE,
    bearer: customer(i),
    json: { cartId, paymentToken: result.token },
  })
  expect(paid.status).toBe(200)
  return cartId
}

/** A paid booking: confirmed, and its 42,00 € recorded at the shop. */
async function paidBooking(i: number, time: string, date = WEDNESDAY) {
  const orderId = await booking(i, time, date)
  expect((await recordAtShop(t, FREE, staff, orderId, 4200)).status).toBe(200)
  return orderId
}

/** Through the API (a content write forgets the cached catalogue, decision 035). */
async function priceCut(cents: number) {
  setClock(new Date(Date.parse(NOW) + cents).toISOString())
  const put = await setCutPrice(t, companyId, FREE, staff, cents)
  expect(put.status, JSON.stringify(put.body)).toBe(200)
  setClock(NOW)
}

const setPolicy = (policy: Record<string, unknown>) =>
  updateShop(t, companyId, { booker: { policy } })

const moveBody = (target: Record<string, string>, start: string) => ({
  purpose: 'reschedule',
  shopId: 's1',
  reschedule: { ...target, start },
})
const initMove = (who: string | undefined, target: Record<string, string>, start: string) =>
  t.call('/api/payment/initialize', {
    company: FREE,
    ...(who === undefined ? {} : { bearer: who }),
    json: moveBody(target, start),
  })

/**
 * The payment of a move's cart, made a Stripe one, and its verified outcome delivered: a
 * success, or a declined card (`declined`).
 */
const stripePaid = (cartId: string, amount: number, event: string, declined = false) =>
  stripeDelivered(t, cartId, amount, { company: FREE, secret: SECRET, event, declined })

const order = (id: string) => storedOrder(t, id)
const live = (where: ReturnType<typeof eq>) =>
  t.db
    .select()
    .from(appointments)
    .where(and(where, ne(appointments.status, 'cancelled')))
const liveAt = (localStart: string) => live(eq(appointments.localStart, localStart))
const liveOf = (orderId: string) => live(eq(appointments.cartId, orderId))
const writes = () => counts(t, { appointments, appointmentClaims, carts, payments })

const orders: Record<string, string> = {}
const burstOrders: string[] = []
const DATES = ['2027-05-04', '2027-05-05', '2027-05-06', '2027-05-07', '2027-05-08']
const TARGET = `${WEDNESDAY}T17:00`

beforeAll(async () => {
  process.env.STRIPE_SECRET_KEY = 'sk_test_reschedule'
  process.env.STRIPE_WEBHOOK_SECRET = SECRET
  // an automatic refund must not leave the machine: nothing listens there, it fails at once
  process.env.STRIPE_API_BASE = 'http://127.0.0.1:9'
  t = await startPaymentApi(['free'])
  bearers = await customers(t, hostOf('free'), 12 + BURST, 'rp')
  staff = await bearer(t, hostOf('free'), 'provider')
  companyId = await companyIdOf(t, FREE)
  await setPolicy({})
  // every visit is booked at 42,00 € before the shop raises the price
  orders.verified = await paidBooking(0, '09:00')
  orders.free = await paidBooking(1, '10:00')
  orders.lapse = await paidBooking(2, '11:00')
  orders.refused = await paidBooking(3, '12:00')
  orders.late = await paidBooking(4, '13:00')
  orders.even = await booking(5, '14:00', WEDNESDAY, 'color')
  orders.link = await paidBooking(6, '15:00')
  for (let i = 0; i < BURST; i++) {
    const k = Math.floor(i / DATES.length)
    const time = `${String(9 + Math.floor(k / 2)).padStart(2, '0')}:00`
    burstOrders.push(await booking(12 + i, time, DATES[i % DATES.length]))
  }
  // the target of the burst keeps one of its two employees busy
  await booking(11, '17:00')
  await priceCut(5000)
}, 600_000)
afterAll(async () => {
  setClock(undefined)
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']) {
    delete process.env[name]
  }
  await t?.close()
})

describe('a dearer move, paid online', () => {
  it('is quoted, held, and moved once by the verified payment of exactly the difference', async () => {
    setClock(NOW)
    const target = { orderId: orders.verified ?? '' }
    const start = `${THURSDAY}T09:00`
    const shown = await t.call('/api/appointments/manage', {
      company: FREE,
      bearer: customer(0),
      json: target,
    })
    // what the page shows before the move: the difference at today's prices
    expect(shown.body).toMatchObject({
      payDifference: { provider: 'free', publicKey: null, amount: { amount: 800 } },
    })
    const before = await writes()
    // the manage call moves nothing and says a difference is due
    const direct = await t.call('/api/appointments/manage/reschedule', {
      company: FREE,
      bearer: customer(0),
      json: { ...target, start },
    })
    expect([direct.status, typeOf(direct.body)]).toEqual([409, 'rescheduleDifferenceDue'])
    expect(await writes()).toEqual(before)

    const init = await initMove(customer(0), target, start)
    expect(init.status, JSON.stringify(init.body)).toBe(200)
    const { cartId, prices } = init.body as Init
    expect(prices.total).toEqual({ amount: 800, currency: 'EUR' })
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
    expect(payment).toMatchObject({ amountCents: 800, status: 'created' })
    // held beside the visit, which stays where it was
    expect((await liveAt(start)).map((a) => a.status)).toEqual(['hold'])
    expect((await liveOf(target.orderId)).map((a) => a.localStart)).toEqual([`${WEDNESDAY}T09:00`])

    expect((await stripePaid(cartId, 800, 'evt_move_1')).status).toBe(200)
    expect(await order(target.orderId)).toMatchObject({
      status: 'confirmed',
      totalCents: 5000,
      paidCents: 5000,
    })
    const moved = await liveOf(target.orderId)
    expect(moved.map((a) => [a.localStart, a.status, a.priceCents])).toEqual([
      [start, 'confirmed', 5000],
    ])
    expect(await liveAt(`${WEDNESDAY}T09:00`)).toEqual([])
    const claims = await t.db
      .select()
      .from(appointmentClaims)
      .where(
        and(
          inArray(
            appointmentClaims.appointmentId,
            moved.map((a) => a.id),
          ),
          ne(appointmentClaims.status, 'cancelled'),
        ),
      )
    expect(claims.map((c) => [c.status, c.expiresAt])).toEqual([['confirmed', null]])
    // the freed slot is bookable at once
    expect((await hold(t, FREE, customer(10), 'cut', '09:00')).status).toBe(200)
    // the customer is told, the difference named
    const [mail] = (await readMessages(t, eq(notifications.recipient, 'rp0@example.com'))).slice(-1)
    expect(mail?.body).toMatch(/The difference of 8\.00\s€ is paid\./)
    // the order's view and bill say it: 50,00 € paid of 50,00 €
    const view = await t.call('/api/appointments/manage', {
      company: FREE,
      bearer: customer(0),
      json: target,
    })
    expect(view.body).toMatchObject({
      start,
      payDifference: { provider: 'free', publicKey: null, amount: { amount: 0 } },
      order: {
        total: { amount: 5000 },
        paid: { amount: 5000 },
        bill: { total: { amount: 5000 }, payment: 'paid' },
      },
    })

    // replayed: the same delivery, another delivery of the same success, and pay
    const snapshot = await writes()
    expect((await stripePaid(cartId, 800, 'evt_move_1')).status).toBe(200)
    expect((await stripePaid(cartId, 800, 'evt_move_1_again')).status).toBe(200)
    const again = await t.call('/api/payment/pay', {
      company: FREE,
      bearer: customer(0),
      json: { cartId },
    })
    expect(again.body).toMatchObject({ status: 'succeeded', orderId: target.orderId })
    expect(await writes()).toEqual(snapshot)
    expect(await order(target.orderId)).toMatchObject({ paidCents: 5000, totalCents: 5000 })
  })

  it('the free provider moves it with the difference due at the shop, recorded there once', async () => {
    setClock(NOW)
    const target = { orderId: orders.free ?? '' }
    const start = `${THURSDAY}T10:00`
    const init = await initMove(customer(1), target, start)
    const { cartId, result } = init.body as Init
    const pay = () =>
      t.call('/api/payment/pay', {
        company: FREE,
        bearer: customer(1),
        json: { cartId, paymentToken: result.token },
      })
    const answers = await Promise.all([pay(), pay(), pay()])
    for (const answer of answers) {
      expect(answer.body).toMatchObject({
        status: 'succeeded',
        orderId: target.orderId,
        amountDue: { amount: 800 },
      })
    }
    expect((await liveOf(target.orderId)).map((a) => a.localStart)).toEqual([start])
    expect(await order(target.orderId)).toMatchObject({ totalCents: 5000, paidCents: 4200 })
    const [mail] = (await readMessages(t, eq(notifications.recipient, 'rp1@example.com'))).slice(-1)
    expect(mail?.body).toMatch(/The difference of 8\.00\s€ is to be paid at the shop\./)
    const records = await Promise.all([1, 2].map(() => recordAtShop(t, FREE, staff, cartId, 800)))
    expect(records.map((r) => r.status)).toEqual([200, 200])
    expect(await order(target.orderId)).toMatchObject({ totalCents: 5000, paidCents: 5000 })
  })
})

describe('nothing moves without a verified payment', () => {
  it('an abandoned payment: the hold lapses, the slot frees, the visit stays; a late success is refused', async () => {
    setClock(NOW)
    const target = { orderId: orders.lapse ?? '' }
    const start = `${THURSDAY}T11:00`
    const { cartId } = (await initMove(customer(2), target, start)).body as Init
    expect((await liveAt(start)).map((a) => a.status)).toEqual(['hold'])
    // a declined card moves nothing (the slot stays held for another try until the lapse)
    expect((await stripePaid(cartId, 800, 'evt_declined', true)).status).toBe(200)
    const [declined] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
    expect(declined).toMatchObject({ status: 'failed', errorType: 'card_error' })
    expect((await liveOf(target.orderId)).map((a) => a.localStart)).toEqual([`${WEDNESDAY}T11:00`])
    expect((await liveAt(start)).map((a) => a.status)).toEqual(['hold'])
    setClock(new Date(Date.parse(NOW) + 31 * 60_000).toISOString())
    await expireHolds(t.db)
    await abandonExpiredCarts(t.db)
    expect(await liveAt(start)).toEqual([])
    const [cart] = await t.db.select().from(carts).where(eq(carts.id, cartId))
    expect(cart?.status).toBe('expired')
    expect((await liveOf(target.orderId)).map((a) => a.localStart)).toEqual([`${WEDNESDAY}T11:00`])
    expect(await order(target.orderId)).toMatchObject({ totalCents: 4200, paidCents: 4200 })
    // the freed slot is anyone's
    expect(
      (
        await t.call('/api/appointments', {
          company: FREE,
          bearer: customer(9),
          json: {
            shopid: 's1',
            serviceid: 'cut',
            start,
            end: `${THURSDAY}T12:00`,
            myAppointment: {},
          },
        })
      ).status,
    ).toBe(200)
    // the money arriving after all is refused (and sent back), the visit does not move
    expect((await stripePaid(cartId, 800, 'evt_late')).status).toBe(200)
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
    expect(payment?.status).toBe('failed')
    expect((await liveOf(target.orderId)).map((a) => a.localStart)).toEqual([`${WEDNESDAY}T11:00`])
    expect(await order(target.orderId)).toMatchObject({ paidCents: 4200 })
  })

  it('the policy is decided again when the payment arrives: a refusal then moves nothing', async () => {
    setClock(NOW)
    const target = { orderId: orders.refused ?? '' }
    const start = `${THURSDAY}T12:00`
    const { cartId } = (await initMove(customer(3), target, start)).body as Init
    await setPolicy({ reschedule: false })
    expect((await stripePaid(cartId, 800, 'evt_refused')).status).toBe(200)
    await setPolicy({})
    const [payment] = await t.db.select().from(payments).where(eq(payments.cartId, cartId))
    expect(payment).toMatchObject({ status: 'failed', errorType: 'manageNotAllowed' })
    expect((await liveOf(target.orderId)).map((a) => a.localStart)).toEqual([`${WEDNESDAY}T12:00`])
    expect(await order(target.orderId)).toMatchObject({ totalCents: 4200, paidCents: 4200 })
  })

  it('refusals write nothing (someone else, not dearer, not allowed, deadline); a retry gives up the earlier hold', async () => {
    setClock(NOW)
    const start = `${THURSDAY}T13:00`
    const late = { orderId: orders.late ?? '' }
    const before = await writes()
    const other = await initMove(customer(5), late, start)
    expect(other.status).toBe(404)
    const even = await initMove(customer(5), { orderId: orders.even ?? '' }, start)
    expect([even.status, typeOf(even.body)]).toEqual([409, 'rescheduleNotDearer'])
    await setPolicy({ reschedule: false })
    const forbidden = await initMove(customer(4), late, start)
    expect([forbidden.status, typeOf(forbidden.body)]).toEqual([403, 'manageNotAllowed'])
    await setPolicy({})
    expect(await writes()).toEqual(before)

    // the burst's slot held, then a retry elsewhere: the first hold is released, not kept
    expect((await initMove(customer(4), late, TARGET)).status).toBe(200)
    expect(await liveAt(TARGET)).toHaveLength(2)
    expect((await initMove(customer(4), late, start)).status).toBe(200)
    expect(await liveAt(TARGET)).toHaveLength(1)
    expect((await liveAt(start)).map((a) => a.status)).toEqual(['hold'])
    const held = await writes()
    // 13:00 in Paris is 11:00 UTC: the deadline is Tuesday 11:00 UTC
    setClock('2027-04-27T11:00:01Z')
    const tooLate = await initMove(customer(4), late, start)
    expect([tooLate.status, typeOf(tooLate.body)]).toEqual([409, 'manageDeadlinePassed'])
    expect(await writes()).toEqual(held)
    setClock(NOW)
  })

  it('through the e-mail link, without signing in', async () => {
    setClock(NOW)
    const orderId = orders.link ?? ''
    const [first] = await liveOf(orderId)
    const link = signManageLink(companyId, orderId, first?.startsAt ?? new Date())
    const start = `${THURSDAY}T15:00`
    const init = await initMove(undefined, { link }, start)
    expect(init.status, JSON.stringify(init.body)).toBe(200)
    const { cartId, result } = init.body as Init
    const paid = await t.call('/api/payment/pay', {
      company: FREE,
      json: { cartId, paymentToken: result.token },
    })
    expect(paid.body).toMatchObject({ status: 'succeeded', orderId })
    expect((await liveOf(orderId)).map((a) => a.localStart)).toEqual([start])
  })
})

describe('burst', () => {
  it(`${BURST} parallel dearer moves of different visits to one slot: one holds it, pays, moves`, async () => {
    setClock(NOW)
    const answers = await Promise.all(
      burstOrders.map((orderId, i) => initMove(customer(12 + i), { orderId }, TARGET)),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(BURST - 1)
    const winner = statuses.indexOf(200)
    const { cartId, result } = (answers[winner]?.body ?? {}) as Init
    const paid = await t.call('/api/payment/pay', {
      company: FREE,
      bearer: customer(12 + winner),
      json: { cartId, paymentToken: result.token },
    })
    expect(paid.body).toMatchObject({ status: 'succeeded' })
    // the blocker's hold and the winner: one per employee, never two on one
    const at = await liveAt(TARGET)
    expect(at).toHaveLength(2)
    expect(new Set(at.map((a) => a.employeeId)).size).toBe(2)
    for (const [i, orderId] of burstOrders.entries()) {
      const kept = await liveOf(orderId)
      expect(kept).toHaveLength(1)
      if (i === winner) expect(kept[0]?.localStart).toBe(TARGET)
      else expect(kept[0]?.localStart.startsWith(DATES[i % DATES.length] ?? '')).toBe(true)
    }
  }, 300_000)
})
