import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingOrder } from '#contract/booking-order.ts'
import { bookingOrders } from '#server/db/schema/index.ts'
import {
  book,
  COMPANY,
  customerBearer,
  customers,
  setClock,
  startBookingApi,
} from '#server/test/appointments.ts'
import type { TestApi } from '#server/test/harness.ts'

/** What the server refuses when booking, and DELETE and /check. */
let t: TestApi
let camille: string
/** fresh customers, so each test starts with empty carts */
let fresh: string[]
const NOW = '2027-04-26T12:00:00Z'

beforeAll(async () => {
  setClock(NOW)
  t = await startBookingApi()
  camille = await customerBearer(t, 'booking.localhost', 'u1')
  fresh = await customers(t, 'booking.localhost', 12)
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

const customer = (i: number) => fresh[i] ?? ''
const cut = (start: string, myAppointment: Record<string, unknown> = {}) => ({
  serviceid: 'cut',
  start,
  end: `${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}${start.slice(13)}`,
  myAppointment,
})

describe('booking refusals', () => {
  const missing = { errors: { code: 400, message: 'param manquants' }, type: 'missingParams' }

  it("a booking without its payload is 'param manquants'; a session is required", async () => {
    for (const json of [
      undefined,
      {},
      { shopid: 's1', serviceid: 'cut', start: '2027-04-28T11:00', end: '2027-04-28T12:00' },
    ]) {
      const response = await t.call('/api/appointments', {
        method: 'POST',
        company: COMPANY,
        bearer: camille,
        json,
      })
      expect(response).toEqual({ status: 400, body: missing })
    }
    const anonymous = await t.call('/api/appointments', {
      company: COMPANY,
      json: cut('2027-04-28T11:00'),
    })
    expect(anonymous.status).toBe(401)
  })

  it('the server decides the duration, the hours, the past and who may be picked', async () => {
    const wrongEnd = await book(t, camille, { ...cut('2027-04-28T11:00'), end: '2027-04-28T11:30' })
    expect(wrongEnd.status).toBe(400)
    for (const [booking, reason] of [
      [cut('2027-04-27T12:00'), 'outsideHours'], // Tuesday's break
      [cut('2027-04-28T09:15'), 'outsideHours'], // not on the 30-minute grid
      [cut('2027-04-26T15:00'), 'outsideHours'], // Monday: closed
      [cut('2027-04-28T12:00', { employeeId: 'bruno' }), 'employee'], // not selectable by name
      [
        {
          serviceid: 'massage',
          start: '2027-04-28T14:00',
          end: '2027-04-28T15:00',
          myAppointment: { cabinId: 'cabin-vapeur' },
        },
        'cabin',
      ],
    ] as const) {
      const response = await book(t, camille, booking)
      expect(response.status, reason).toBe(409)
      expect(response.body).toMatchObject({
        type: 'slotUnavailable',
        errors: { message: expect.stringContaining(reason) },
      })
    }
    setClock('2027-04-28T08:30:00Z')
    expect((await book(t, camille, cut('2027-04-28T10:00'))).body).toMatchObject({
      errors: { message: expect.stringContaining('past') },
    })
    setClock(NOW)
  })
})

describe('cancel and check', () => {
  it('DELETE cancels my appointment and frees its slot; not yours (404); twice is fine', async () => {
    const order = bookingOrder.parse((await book(t, customer(7), cut('2027-04-29T11:00'))).body)
    const id = order.appointments[0]?.id ?? ''
    const other = await t.call(`/api/appointments?appointmentId=${id}`, {
      method: 'DELETE',
      company: COMPANY,
      bearer: customer(8),
    })
    expect(other.status).toBe(404)
    for (let i = 0; i < 2; i++) {
      const response = await t.call(`/api/appointments?appointmentId=${id}`, {
        method: 'DELETE',
        company: COMPANY,
        bearer: customer(7),
      })
      expect(response).toEqual({ status: 200, body: { ok: true } })
    }
    expect(
      (await book(t, customer(8), cut('2027-04-29T11:00', { employeeId: 'alice' }))).status,
    ).toBe(200)
    const [cancelled] = await t.db
      .select()
      .from(bookingOrders)
      .where(eq(bookingOrders.id, order.id))
    expect(cancelled?.status).toBe('cancelled')
    const missing = await t.call('/api/appointments', {
      method: 'DELETE',
      company: COMPANY,
      bearer: camille,
    })
    expect(missing.body).toMatchObject({ errors: { message: 'param manquants' } })
  })

  it('check: my own hold is available to me, taken for others, with reasons', async () => {
    const slot = cut('2027-04-30T16:00')
    await book(t, customer(9), slot)
    const check = (bearer: string | undefined, body: unknown) =>
      t.call('/api/appointments/check', {
        company: COMPANY,
        ...(bearer ? { bearer } : {}),
        json: { shopid: 's1', ...(body as object) },
      })
    expect((await check(customer(9), slot)).body).toEqual({ available: true })
    expect(
      (await check(customer(10), { ...slot, myAppointment: { employeeId: 'alice' } })).body,
    ).toEqual({ available: false, reason: 'slotTaken' })
    expect((await check(undefined, cut('2027-04-30T16:30'))).body).toEqual({ available: true })
    expect((await check(undefined, cut('2027-04-27T12:30'))).body).toEqual({
      available: false,
      reason: 'outsideHours',
    })
    expect((await check(undefined, { ...slot, serviceid: 'nope' })).body).toEqual({
      available: false,
      reason: 'unknownService',
    })
  })
})
