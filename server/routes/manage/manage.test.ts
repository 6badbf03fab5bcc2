import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  appointmentClaims,
  appointments,
  bookingOrders,
  companies,
  contentTables,
  customerCredits,
  notifications,
  payments,
} from '#server/db/schema/index.ts'
import { signManageLink } from '#server/services/booking/index.ts'
import { renderMail } from '#server/services/notifier/index.ts'
import { bearer, type TestApi } from '#server/test/harness.ts'
import { updateShop } from '#server/test/manage-pay.ts'
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
  WEDNESDAY,
} from '#server/test/payment.ts'

/**
 * Customers cancel and move their own visit (docs/decisions/038-visit-policy.md), through the
 * real API on the free provider: a 42,00 € cut on Wednesday 28 April 2027 (Paris), booked and
 * paid on Monday 26 (NOW), paid at the shop and recorded there, so it can be refunded. The
 * default policy: both allowed until 24 h before, a cancellation refunds.
 */
let t: TestApi
let bearers: string[]
let staff: string
let companyId: number
const FREE = tokenOf('free')
const SHOP_MAIL = 'centre@example.com'
const customer = (i: number) => bearers[i] ?? ''

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  bearers = await customers(t, hostOf('free'), 20, 'mv')
  staff = await bearer(t, hostOf('free'), 'provider')
  companyId = await companyIdOf(t, FREE)
  await setShop({}, SHOP_MAIL)
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

/** Sets shop s1's visit policy (shop.booker.policy) and e-mail in its content row. */
function setShop(policy: Record<string, unknown>, email = SHOP_MAIL) {
  return updateShop(t, companyId, { booker: { policy }, publicInfo: { email } })
}

/** A paid booking of 'cut' (42,00 €) for customer i at `time` on the Wednesday: its order id. */
async function paidBooking(i: number, time: string): Promise<string> {
  setClock(NOW)
  expect((await hold(t, FREE, customer(i), 'cut', time)).status).toBe(200)
  const init = await t.call('/api/payment/initialize', {
    company: FREE,
    bearer: customer(i),
    headers: { curlang: 'en' },
    json: { purpose: 'booking', shopId: 's1' },
  })
  expect(init.status).toBe(200)
  const { cartId, result } = init.body as { cartId: string; result: { token: string } }
  const paid = await t.call('/api/payment/pay', {
    company: FREE,
    bearer: customer(i),
    json: { cartId, paymentToken: result.token },
  })
  expect(paid.status).toBe(200)
  expect((await recordAtShop(t, FREE, staff, cartId, 4200)).status).toBe(200)
  return cartId
}

const call = (path: string, json: unknown, who?: string) =>
  t.call(`/api/appointments/manage${path}`, {
    company: FREE,
    ...(who === undefined ? {} : { bearer: who }),
    json,
  })

async function orderRow(id: string) {
  const [row] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, id))
  return row
}

const liveAt = (localStart: string) =>
  t.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.localStart, localStart), ne(appointments.status, 'cancelled')))

const mailsTo = async (email: string) =>
  (await readMessages(t, eq(notifications.recipient, email))).map((m) => ({
    subject: m.subject,
    body: m.body,
  }))

const typeOf = (body: unknown) => (body as { type?: string }).type

describe('the manage view', () => {
  it('shows the order, the default policy and what is possible now', async () => {
    const orderId = await paidBooking(0, '09:00')
    const view = await call('', { orderId }, customer(0))
    expect(view.status).toBe(200)
    expect(view.body).toMatchObject({
      order: { id: orderId, status: 'confirmed' },
      policy: { reschedule: true, cancel: true, deadlineHours: 24, cancelGives: 'refund' },
      cancel: { allowed: true, deadline: '2027-04-27T07:00:00.000Z' },
      reschedule: { allowed: true },
      serviceIds: ['cut'],
      start: `${WEDNESDAY}T09:00`,
      picker: { shopId: 's1', timeZone: 'Europe/Paris', serviceId: 'cut', duration: 60 },
    })
  })
})

describe('cancel', () => {
  it('before the deadline: the slot is free at once, the payment refunded, both told', async () => {
    await setShop({})
    const orderId = await paidBooking(1, '10:00')
    const done = await call('/cancel', { orderId }, customer(1))
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({
      order: { id: orderId, status: 'refunded', paid: { amount: 0 } },
      given: { kind: 'refund', amount: { amount: 4200, currency: 'EUR' }, status: 'done' },
    })
    expect(await liveAt(`${WEDNESDAY}T10:00`)).toEqual([])
    // someone else takes the freed slot at once
    expect((await hold(t, FREE, customer(19), 'cut', '10:00')).status).toBe(200)
    const toCustomer = await mailsTo('mv1@example.com')
    expect(toCustomer.at(-1)?.subject).toContain('is cancelled')
    expect(toCustomer.at(-1)?.body).toContain('42.00')
    expect((await mailsTo(SHOP_MAIL)).at(-1)?.body).toContain('annulée en ligne par le client')
  })

  it('a refund the provider refuses: the cancellation stands, the shop is asked to refund', async () => {
    await setShop({})
    const orderId = await paidBooking(14, '16:00')
    // a provider this API no longer knows refuses every refund (services/payments refundPayment)
    await t.db.update(payments).set({ provider: 'gone' }).where(eq(payments.cartId, orderId))
    const done = await call('/cancel', { orderId }, customer(14))
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({
      order: { status: 'cancelled', paid: { amount: 4200 } },
      // nothing was given back: the whole amount is the shop's to refund
      given: {
        kind: 'refund',
        status: 'failed',
        amount: { amount: 0 },
        unrefunded: { amount: 4200 },
      },
    })
    expect(await liveAt(`${WEDNESDAY}T16:00`)).toEqual([])
    expect((await mailsTo('mv14@example.com')).at(-1)?.body).toContain('The shop will refund you')
    expect((await mailsTo(SHOP_MAIL)).at(-1)?.body).toContain('Le remboursement de 42,00')
  })

  it('with a credit policy: the amount goes to the account as credit, shown in the order', async () => {
    await setShop({ cancelGives: 'credit' })
    const orderId = await paidBooking(2, '11:00')
    const done = await call('/cancel', { orderId }, customer(2))
    expect(done.body).toMatchObject({
      order: { status: 'refunded', paid: { amount: 0 } },
      given: { kind: 'credit', amount: { amount: 4200 }, status: 'done' },
    })
    const credits = await t.db
      .select()
      .from(customerCredits)
      .where(eq(customerCredits.customerId, 'mv2'))
    expect(credits).toEqual([expect.objectContaining({ kind: 'refund', amountCents: 4200 })])
    expect((await mailsTo('mv2@example.com')).at(-1)?.body).toContain('credited to your account')
  })

  it('with a nothing policy: cancelled, nothing given back', async () => {
    await setShop({ cancelGives: 'none' })
    const orderId = await paidBooking(3, '12:00')
    const done = await call('/cancel', { orderId }, customer(3))
    expect(done.body).toMatchObject({
      order: { status: 'cancelled', paid: { amount: 4200 } },
      given: { kind: 'none', amount: { amount: 0 } },
    })
    await setShop({})
  })

  it('refuses after the deadline, for a past visit, when the policy forbids, twice', async () => {
    const orderId = await paidBooking(4, '13:00')
    // 13:00 in Paris is 11:00 UTC: the deadline is Tuesday 11:00 UTC
    setClock('2027-04-27T11:00:01Z')
    const late = await call('/cancel', { orderId }, customer(4))
    expect(late.status).toBe(409)
    expect(typeOf(late.body)).toBe('manageDeadlinePassed')
    expect(late.body).toMatchObject({ errors: { code: 409 } })
    setClock('2027-04-28T12:00:00Z')
    const past = await call('/cancel', { orderId }, customer(4))
    expect([past.status, typeOf(past.body)]).toEqual([409, 'visitPast'])
    setClock(NOW)
    await setShop({ cancel: false })
    const forbidden = await call('/cancel', { orderId }, customer(4))
    expect([forbidden.status, typeOf(forbidden.body)]).toEqual([403, 'manageNotAllowed'])
    await setShop({})
    expect((await call('/cancel', { orderId }, customer(4))).status).toBe(200)
    const again = await call('/cancel', { orderId }, customer(4))
    expect([again.status, typeOf(again.body)]).toEqual([409, 'notManageable'])
    // nothing was cancelled by the refusals: one history entry each for confirmed, cancelled
    expect((await orderRow(orderId))?.status).toBe('refunded')
  })

  it("someone else's booking is the same 404 as an unknown one; no session and no link is 401", async () => {
    const orderId = await paidBooking(5, '14:00')
    const theirs = await call('/cancel', { orderId }, customer(6))
    const unknown = await call('/cancel', { orderId: 'no-such-order' }, customer(6))
    expect(theirs.status).toBe(404)
    expect(theirs.body).toEqual(unknown.body)
    expect((await call('', { orderId }, customer(6))).body).toEqual(unknown.body)
    expect((await call('/cancel', { orderId })).status).toBe(401)
    expect((await call('/cancel', { orderId, link: 'x' }, customer(5))).status).toBe(400)
    expect((await orderRow(orderId))?.status).toBe('confirmed')
    expect(await liveAt(`${WEDNESDAY}T14:00`)).toHaveLength(1)
  })
})

describe('the e-mail link', () => {
  it('the confirmation e-mail carries a link that views and cancels without signing in', async () => {
    const orderId = await paidBooking(7, '15:00')
    const mail = (await mailsTo('mv7@example.com')).find((m) => m.subject.includes('confirmed'))
    const link = mail?.body.match(/\/payments\/manage#([A-Za-z0-9_.-]+)/)?.[1]
    expect(link).toBeDefined()
    const view = await call('', { link })
    expect(view.body).toMatchObject({ order: { id: orderId }, cancel: { allowed: true } })
    const done = await call('/cancel', { link })
    expect(done.body).toMatchObject({ given: { kind: 'refund', status: 'done' } })
  })

  it('a forged, altered or foreign link is a 404; an expired one says the visit has started', async () => {
    const orderId = await paidBooking(8, '16:00')
    const start = new Date('2027-04-28T14:00:00Z')
    const good = signManageLink(companyId, orderId, start)
    const [body = '', mac = ''] = good.split('.')
    const forged = `${Buffer.from(JSON.stringify({ c: companyId, o: orderId, e: 9e15 })).toString('base64url')}.${mac}`
    const foreign = signManageLink(companyId + 1, orderId, start)
    for (const link of [forged, `${body}.${mac.slice(1)}A`, foreign, 'garbage']) {
      const answer = await call('/cancel', { link })
      expect(answer.status, link).toBe(404)
    }
    const expired = signManageLink(companyId, orderId, new Date('2027-04-26T07:00:00Z'))
    const answer = await call('/cancel', { link: expired })
    expect([answer.status, typeOf(answer.body)]).toEqual([409, 'visitPast'])
    expect((await orderRow(orderId))?.status).toBe('confirmed')
  })
})

describe('reschedule', () => {
  it('moves the visit: the new slot confirmed, the old one free, both told with a fresh link', async () => {
    const orderId = await paidBooking(9, '09:00')
    const moved = await call('/reschedule', { orderId, start: `${WEDNESDAY}T09:30` }, customer(9))
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({
      order: { id: orderId, status: 'confirmed', appointments: [{ start: `${WEDNESDAY}T09:30` }] },
      credited: { amount: 0 },
    })
    const live = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.cartId, orderId), ne(appointments.status, 'cancelled')))
    expect(live.map((a) => [a.localStart, a.status])).toEqual([[`${WEDNESDAY}T09:30`, 'confirmed']])
    const claims = await t.db
      .select()
      .from(appointmentClaims)
      .where(
        and(
          eq(appointmentClaims.appointmentId, live[0]?.id ?? ''),
          eq(appointmentClaims.status, 'confirmed'),
        ),
      )
    expect(claims).toHaveLength(1)
    const mail = (await mailsTo('mv9@example.com')).at(-1)
    expect(mail?.subject).toContain('is moved')
    expect(mail?.body).toMatch(/\/payments\/manage#[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/)
    expect((await mailsTo(SHOP_MAIL)).at(-1)?.body).toContain('déplacée en ligne par le client')
  })

  it('refuses a taken slot, after the deadline, when the policy forbids, a past visit', async () => {
    const orderId = await paidBooking(10, '17:00')
    // both employees taken at 16:00 by customers 8 and 11
    expect((await hold(t, FREE, customer(11), 'cut', '16:00')).status).toBe(200)
    const taken = await call('/reschedule', { orderId, start: `${WEDNESDAY}T16:00` }, customer(10))
    expect(taken.status).toBe(409)
    setClock('2027-04-27T16:00:00Z')
    const late = await call('/reschedule', { orderId, start: `${WEDNESDAY}T12:30` }, customer(10))
    expect(typeOf(late.body)).toBe('manageDeadlinePassed')
    setClock(NOW)
    await setShop({ reschedule: false })
    const forbidden = await call(
      '/reschedule',
      { orderId, start: `${WEDNESDAY}T12:30` },
      customer(10),
    )
    expect([forbidden.status, typeOf(forbidden.body)]).toEqual([403, 'manageNotAllowed'])
    await setShop({})
    const other = await call('/reschedule', { orderId, start: `${WEDNESDAY}T12:30` }, customer(12))
    expect(other.status).toBe(404)
    setClock('2027-04-29T08:00:00Z')
    const past = await call('/reschedule', { orderId, start: '2027-04-30T12:30' }, customer(10))
    expect(typeOf(past.body)).toBe('visitPast')
    setClock(NOW)
    expect(await liveAt(`${WEDNESDAY}T17:00`)).toHaveLength(1)
  })

  it('a dearer visit is paid first (not moved here), a cheaper one credits the difference', async () => {
    const orderId = await paidBooking(13, '12:00')
    const articles = contentTables.articles
    const cut = and(eq(articles.companyId, companyId), eq(articles.id, 'cut'))
    const [row] = await t.db.select({ data: articles.data }).from(articles).where(cut)
    const original = row?.data ?? {}
    const price = async (cents: number) => {
      // through the API: a content write forgets the cached catalogue (decision 035); the
      // parsed rows are keyed by updated_at, which the stopped clock would keep the same
      setClock(new Date(Date.parse(NOW) + cents).toISOString())
      const put = await t.call('/api/articles/cut', {
        method: 'PUT',
        company: FREE,
        bearer: staff,
        json: { ...original, prices: cents, booker: { pricesByShops: [] } },
      })
      expect(put.status, JSON.stringify(put.body)).toBe(200)
      setClock(NOW)
    }
    await price(5000)
    const dearer = await call('/reschedule', { orderId, start: '2027-04-29T12:00' }, customer(13))
    // the shop takes payments online: the difference is paid first (reschedule-pay.test.ts)
    expect([dearer.status, typeOf(dearer.body)]).toEqual([409, 'rescheduleDifferenceDue'])
    await price(3000)
    const cheaper = await call('/reschedule', { orderId, start: '2027-04-29T12:00' }, customer(13))
    expect(cheaper.status, JSON.stringify(cheaper.body)).toBe(200)
    expect(cheaper.body).toMatchObject({
      order: { status: 'partiallyRefunded', paid: { amount: 3000 } },
      credited: { amount: 1200 },
    })
    await t.db.update(articles).set({ data: original }).where(cut)
  })
})

describe('the notices as e-mail templates (decision 056)', () => {
  it('confirmation, move and cancellation tell one calendar entry: one UID, a growing SEQUENCE, PUBLISH then CANCEL', async () => {
    await setShop({})
    const orderId = await paidBooking(15, '15:00')
    const later = (seconds: number) => new Date(Date.parse(NOW) + seconds * 1000).toISOString()
    setClock(later(60))
    const moved = await call('/reschedule', { orderId, start: '2027-04-29T10:00' }, customer(15))
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    setClock(later(120))
    expect((await call('/cancel', { orderId }, customer(15))).status).toBe(200)
    setClock(NOW)
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId))
    const field = (ics: string, name: string) =>
      new RegExp(`\\r\\n${name}:([^\\r]*)`).exec(ics.replace(/\r\n[ \t]/g, ''))?.[1] ?? ''
    const told = []
    for (const row of await readMessages(t, eq(notifications.recipient, 'mv15@example.com'))) {
      if (!row.template) continue
      const mail = await renderMail(row.template, company)
      const ics = mail.attachments[0]?.content ?? ''
      told.push({
        kind: row.template.kind,
        method: field(ics, 'METHOD'),
        uid: field(ics, 'UID'),
        start: field(ics, 'DTSTART'),
        sequence: Number(field(ics, 'SEQUENCE')),
      })
    }
    const uid = `${orderId}@${hostOf('free')}`
    expect(told.map(({ sequence, ...rest }) => rest)).toEqual([
      // 15:00 in Paris (summer time) is 13:00Z; the move to Thursday 10:00, 08:00Z
      { kind: 'booking-confirmation', method: 'PUBLISH', uid, start: '20270428T130000Z' },
      { kind: 'booking-rescheduled', method: 'PUBLISH', uid, start: '20270429T080000Z' },
      { kind: 'booking-cancelled', method: 'CANCEL', uid, start: '20270429T080000Z' },
    ])
    const sequences = told.map((entry) => entry.sequence)
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b))
    expect(new Set(sequences).size).toBe(3)
    // the shop's notices render too, in the site's language
    const toShop = (await readMessages(t, eq(notifications.recipient, SHOP_MAIL))).slice(-2)
    for (const row of toShop) {
      expect(row.template?.kind).toBe('shop-booking-changed')
      const mail = await renderMail(row.template ?? { kind: '', locale: '', props: {} }, company)
      expect(mail.html).toMatch(/<html[^>]* lang="fr"/)
      expect(mail.text).toContain(row.body.split('\n')[0] ?? '-')
    }
  })
})
