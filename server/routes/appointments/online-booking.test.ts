import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  book,
  bookingFixtures,
  COMPANY,
  check,
  customers,
  period,
  setClock,
} from '#server/test/appointments.ts'
import { desk, staffBearer } from '#server/test/desk.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * A service off online booking (docs/decisions/092-week-prices-and-online-booking.md) on the
 * booking fixtures: the site's holds, checks and availability refuse it with `onlineBookingOff`,
 * the salon's desk still books it, and turning it back on books it online again.
 */
const NOW = '2027-04-26T12:00:00Z'
const DAY = '2027-04-29'
let t: TestApi
let owner: string
let visitors: string[] = []

beforeAll(async () => {
  setClock(NOW)
  t = await startTestApi({ seedFrom: bookingFixtures })
  owner = await staffBearer(t, 'booking.localhost', 'online-owner')
  visitors = await customers(t, 'booking.localhost', 3, 'online')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

const cut = (hour: number) => ({
  serviceid: 'cut',
  start: `${DAY}T${String(hour).padStart(2, '0')}:00`,
  end: `${DAY}T${String(hour + 1).padStart(2, '0')}:00`,
})

let minutes = 0
async function setOnline(onlineBooking: boolean) {
  // each write its own instant: availability's parsed rows are keyed by updated_at (parse-cache.ts)
  minutes += 1
  setClock(new Date(Date.parse(NOW) + minutes * 60_000).toISOString())
  const read = await t.call('/api/articles/records', { company: COMPANY, bearer: owner })
  expect(read.status, JSON.stringify(read.body)).toBe(200)
  const stored = (read.body as { id: string; booker: object }[]).find((a) => a.id === 'cut')
  if (!stored) throw new Error('no cut')
  const { id: _id, ...body } = stored
  const saved = await t.call('/api/articles/cut', {
    company: COMPANY,
    bearer: owner,
    method: 'PUT',
    json: { ...body, booker: { ...stored.booker, onlineBooking } },
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
}

describe('a service off online booking', () => {
  it('reads as bookable online when the stored record has no flag', async () => {
    const read = await t.call('/api/articles/cut', { company: COMPANY })
    expect(read.body).not.toHaveProperty('booker.onlineBooking')
    expect(await book(t, visitors[0] ?? '', cut(9))).toMatchObject({ status: 200 })
  })

  it('is refused to the site: holds, the cart, checks and availability', async () => {
    await setOnline(false)
    const refused = await book(t, visitors[1] ?? '', cut(10))
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ type: 'onlineBookingOff' })
    const cart = await t.call('/api/appointments/cart', {
      method: 'PUT',
      company: COMPANY,
      bearer: visitors[1] ?? '',
      json: { shopId: 's1', slots: [{ ...cut(11), myAppointment: {} }] },
    })
    expect(cart.status).toBe(409)
    expect(cart.body).toMatchObject({ type: 'onlineBookingOff' })
    expect((await check(t, cut(10))).body).toEqual({ available: false, reason: 'onlineBookingOff' })
    const answer = await period(t, { servicesId: 'cut', start: DAY, end: DAY })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({})
  })

  it('is still booked by the salon at its desk', async () => {
    const res = await desk(t, owner, '/bookingOrder/desk', {
      shopId: 's1',
      newCustomer: {
        firstname: 'Léa',
        lastname: 'Roy',
        phone: '06 12 34 56 78',
        email: 'lea@example.com',
      },
      slots: [{ serviceId: 'cut', start: `${DAY}T14:00`, end: `${DAY}T15:00` }],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  })

  it('books online again once turned back on', async () => {
    await setOnline(true)
    const again = await book(t, visitors[2] ?? '', cut(11))
    expect(again.status, JSON.stringify(again.body)).toBe(200)
  })
})
