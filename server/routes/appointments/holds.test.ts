import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingOrder } from '#contract/booking-order.ts'
import {
  appointmentClaims,
  appointments,
  bookingOrders,
  companies,
} from '#server/db/schema/index.ts'
import { confirmHolds, expireHolds, HoldsLostError } from '#server/services/booking/index.ts'
import { bookingOrderViews } from '#server/services/orders/index.ts'
import {
  book,
  COMPANY,
  customerBearer,
  customers,
  INSTANT,
  period,
  setClock,
  startBookingApi,
} from '#server/test/appointments.ts'
import type { TestApi } from '#server/test/harness.ts'

/** Holds, their lapse, confirmation for the payments part, cancellation and /check. */
let t: TestApi
let camille: string
let jules: string
/** fresh customers, so each test starts with empty carts */
let fresh: string[]
let companyId: number
const NOW = '2027-04-26T12:00:00Z'
const later = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString()

beforeAll(async () => {
  setClock(NOW)
  t = await startBookingApi()
  camille = await customerBearer(t, 'booking.localhost', 'u1')
  jules = await customerBearer(t, 'booking.localhost', 'u2')
  fresh = await customers(t, 'booking.localhost', 12)
  const [row] = await t.db.select().from(companies).where(eq(companies.token, COMPANY))
  companyId = row?.id ?? 0
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  delete process.env.HOLD_MINUTES
  await t?.close()
})

const cut = (start: string, myAppointment: Record<string, unknown> = {}) => ({
  serviceid: 'cut',
  start,
  end: `${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}${start.slice(13)}`,
  myAppointment,
})
const rowsOf = (cartId: string) =>
  t.db.select().from(appointments).where(eq(appointments.cartId, cartId))
const customer = (i: number) => fresh[i] ?? ''

/** The order a hold answered with (built by its one statement) is the one the lists read back. */
async function sameView(answered: unknown): Promise<boolean> {
  const order = bookingOrder.parse(answered)
  const [row] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, order.id))
  const [listed] = await bookingOrderViews(t.db, companyId, row ? [row] : [])
  expect(answered).toEqual(listed)
  return JSON.stringify(answered) === JSON.stringify(listed)
}

describe('holds', () => {
  it('a hold is a pending booking order whose id is the cart id, held for 15 minutes', async () => {
    setClock(NOW)
    const response = await book(t, camille, cut('2027-04-28T09:00'))
    expect(response.status).toBe(200)
    const order = bookingOrder.parse(response.body)
    expect(order).toMatchObject({ status: 'pending', customerId: 'u1', total: { amount: 4200 } })
    expect(await sameView(response.body)).toBe(true)
    const [row] = await rowsOf(order.id)
    expect(row).toMatchObject({
      status: 'hold',
      employeeId: 'alice',
      startsAt: new Date('2027-04-28T07:00:00Z'),
    })
    expect(row?.expiresAt?.toISOString()).toBe(later(15))
    const claims = await t.db
      .select()
      .from(appointmentClaims)
      .where(eq(appointmentClaims.appointmentId, row?.id ?? ''))
    expect(claims.map((c) => [c.resourceId, c.status])).toEqual([['alice', 'hold']])
  })

  it('the same slot is then refused to another customer (409 conflict, booking errors object)', async () => {
    const response = await book(t, jules, cut('2027-04-28T09:00', { employeeId: 'alice' }))
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({ errors: { code: 409 }, type: 'conflict' })
    // Without a pick, nobody else qualified works at 09:00 on Wednesday (Bruno starts at 12:00).
    expect((await book(t, jules, cut('2027-04-28T09:00'))).status).toBe(409)
  })

  it('a lapsed hold frees its slot: another customer books it, the first cart cannot be confirmed', async () => {
    setClock(NOW)
    const first = bookingOrder.parse((await book(t, customer(0), cut('2027-04-28T10:00'))).body)
    setClock(later(16))
    const free = await period(t, { servicesId: 'cut', start: '2027-04-28', end: '2027-04-28' })
    const alice = (free.body as Record<string, { m_tabres: { m_event: unknown[] }[] }>)[
      '2027-04-28'
    ]?.m_tabres[0]
    expect(alice?.m_event).toEqual([])
    const second = await book(t, customer(1), cut('2027-04-28T10:00', { employeeId: 'alice' }))
    expect(second.status).toBe(200)
    const [lapsed] = await rowsOf(first.id)
    expect(lapsed).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
    await expect(
      t.db.transaction((tx) => confirmHolds(tx, { companyId, cartId: first.id })),
    ).rejects.toThrow(HoldsLostError)
    const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, first.id))
    expect(order?.status).toBe('cancelled')
    setClock(NOW)
  })

  it('cancelling a lapsed hold whose start has passed answers as after the sweeper, swept or not', async () => {
    setClock(NOW)
    const order = bookingOrder.parse((await book(t, customer(7), cut('2027-04-30T09:00'))).body)
    const [held] = await rowsOf(order.id)
    // past its 15 minutes and past its start (07:00 UTC), before the sweeper's round
    setClock('2027-04-30T07:30:00Z')
    const answer = await t.call(`/api/appointments?appointmentId=${held?.id ?? ''}`, {
      method: 'DELETE',
      company: COMPANY,
      bearer: customer(7),
    })
    expect(answer.status).toBe(200)
    const [after] = await rowsOf(order.id)
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
    setClock(NOW)
  })

  it('HOLD_MINUTES sets the hold time; the sweeper cancels lapsed holds', async () => {
    process.env.HOLD_MINUTES = '0.5'
    setClock(NOW)
    const order = bookingOrder.parse((await book(t, customer(2), cut('2027-04-29T09:00'))).body)
    delete process.env.HOLD_MINUTES
    const [row] = await rowsOf(order.id)
    expect(row?.expiresAt?.toISOString()).toBe(new Date(Date.parse(NOW) + 30_000).toISOString())
    setClock(later(1))
    expect(await expireHolds(t.db)).toBeGreaterThanOrEqual(1)
    const [after] = await rowsOf(order.id)
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
    setClock(NOW)
  })

  it('services of one visit chain in one cart; a chained start may leave the grid', async () => {
    setClock(NOW)
    const facial = { serviceid: 'facial', start: '2027-05-02T09:00', end: '2027-05-02T09:45' }
    const first = bookingOrder.parse((await book(t, customer(3), facial)).body)
    expect(first.appointments[0]).toMatchObject({ employeeId: 'alice', cabinId: 'cabin-vapeur' })
    const color = { serviceid: 'color', start: '2027-05-02T09:45', end: '2027-05-02T10:15' }
    // 09:45 is no block start: only the customer whose cart ends there may start at it.
    const stranger = await book(t, customer(4), color)
    expect(stranger.status).toBe(409)
    expect(stranger.body).toMatchObject({ type: 'slotUnavailable' })
    const answer = (await book(t, customer(3), color)).body
    const chained = bookingOrder.parse(answer)
    expect(chained.id).toBe(first.id)
    expect(chained.appointments.map((a) => [a.serviceId, a.start])).toEqual([
      ['facial', '2027-05-02T09:00'],
      ['color', '2027-05-02T09:45'],
    ])
    expect(chained.total.amount).toBe(6000 + 2500)
    // the view a hold answers with, built in its one statement, is the one the lists build
    expect(await sameView(answer)).toBe(true)
  })

  it('confirmHolds turns a cart into confirmed appointments and a confirmed order, once', async () => {
    const order = bookingOrder.parse((await book(t, customer(5), cut('2027-04-30T14:00'))).body)
    const confirm = () =>
      t.db.transaction((tx) =>
        confirmHolds(tx, {
          companyId,
          cartId: order.id,
          paidCents: 4200,
          provider: 'free',
          transactionId: 'tx-1',
        }),
      )
    const confirmed = await confirm()
    expect(confirmed.bookingOrderId).toBe(order.id)
    await confirm()
    const rows = await rowsOf(order.id)
    expect(rows.every((r) => r.status === 'confirmed' && r.expiresAt === null)).toBe(true)
    const claims = await t.db
      .select()
      .from(appointmentClaims)
      .where(eq(appointmentClaims.appointmentId, rows[0]?.id ?? ''))
    expect(claims.every((c) => c.status === 'confirmed')).toBe(true)
    const [saved] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, order.id))
    expect(saved).toMatchObject({
      status: 'confirmed',
      paidCents: 4200,
      paymentProvider: 'free',
      transactionId: 'tx-1',
    })
    // A confirmed appointment never lapses.
    setClock(later(60 * 24))
    expect(
      (await book(t, customer(6), cut('2027-04-30T14:00', { employeeId: 'alice' }))).status,
    ).toBe(409)
    setClock(NOW)
  })

  it('with service payment off the booking is confirmed at once', async () => {
    const vera = await customerBearer(t, 'instant.localhost', 'v1')
    const response = await book(
      t,
      vera,
      { shopid: 'i1', serviceid: 'trim', start: '2027-04-28T10:15', end: '2027-04-28T11:00' },
      INSTANT,
    )
    expect(response.status).toBe(200)
    const order = bookingOrder.parse(response.body)
    expect(order.status).toBe('confirmed')
    expect((await rowsOf(order.id))[0]).toMatchObject({ status: 'confirmed', expiresAt: null })
    // Its cart stays open a while, so the customer can chain a second service into it.
    const next = {
      shopid: 'i1',
      serviceid: 'trim',
      start: '2027-04-28T11:00',
      end: '2027-04-28T11:45',
    }
    const chained = bookingOrder.parse((await book(t, vera, next, INSTANT)).body)
    expect(chained.id).toBe(order.id)
    expect(chained.total.amount).toBe(4000)
    expect(chained.status).toBe('confirmed')
  })
})
