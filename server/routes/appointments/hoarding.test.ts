import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { availabilityPeriod } from '#contract/availability.ts'
import { bookingOrder } from '#contract/booking-order.ts'
import { VISIT_MAX_SERVICES } from '#contract/constants.ts'
import { book, customers, period, setClock, startBookingApi } from '#server/test/appointments.ts'
import type { TestApi } from '#server/test/harness.ts'

/**
 * docs/decisions/062-visit-bound-and-list-params.md: one new account asking for every slot of a
 * day for a service at once holds a visit's worth (VISIT_MAX_SERVICES), the rest is refused with
 * 429 tooManyHoldsForDay, and the day is still offered to, and booked by, someone else.
 */
let t: TestApi
let bearers: string[]
const NOW = '2027-04-26T12:00:00Z'
const DAY = '2027-05-05' // a Wednesday: Alice from 09:00, Bruno from 12:00 (booking fixtures)

beforeAll(async () => {
  setClock(NOW)
  t = await startBookingApi()
  bearers = await customers(t, 'booking.localhost', 3, 'hoard')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

const bearer = (i: number) => bearers[i] ?? ''
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`

interface Slot {
  readonly employeeId: string
  readonly start: string
}

/**
 * Every one-hour cut the period answer offers on DAY, per employee, back to back. Each is asked
 * for as "anyone" (Bruno cannot be picked by name): one request per employee free at a start.
 */
async function freeSlots(): Promise<Slot[]> {
  const res = await period(t, { servicesId: 'cut', start: DAY, end: DAY })
  expect(res.status).toBe(200)
  const day = availabilityPeriod.parse(res.body)[DAY]
  const free: Slot[] = []
  for (const employee of day?.m_tabres ?? []) {
    for (const range of employee.m_workingHours) {
      for (let m = minutes(range.start); m + 60 <= minutes(range.end); m += 60) {
        const busy = employee.m_event.some((e) => minutes(e.start) < m + 60 && minutes(e.end) > m)
        if (!busy) free.push({ employeeId: employee.m_id, start: hhmm(m) })
      }
    }
  }
  return free
}

const request = (slot: Slot) => ({
  serviceid: 'cut',
  start: `${DAY}T${slot.start}`,
  end: `${DAY}T${hhmm(minutes(slot.start) + 60)}`,
})

describe("holds per customer, shop and day: a visit's worth", () => {
  it(`one account bursting every slot of a day holds ${VISIT_MAX_SERVICES}, the rest 429 tooManyHoldsForDay, the day still offered`, async () => {
    setClock(NOW)
    const every = await freeSlots()
    // the day of the issue: more slots than a visit's worth, more than the 20 live holds allow
    expect(every.length).toBeGreaterThan(VISIT_MAX_SERVICES)
    const responses = await Promise.all(every.map((slot) => book(t, bearer(0), request(slot))))
    const held = responses.filter((r) => r.status === 200)
    const refused = responses.filter((r) => r.status !== 200)
    expect(held).toHaveLength(VISIT_MAX_SERVICES)
    expect(refused.map((r) => r.status)).toEqual(Array(refused.length).fill(429))
    expect(refused.map((r) => (r.body as { type?: string }).type)).toEqual(
      Array(refused.length).fill('tooManyHoldsForDay'),
    )
    // all in one cart, and the period answer still offers the rest of the day
    const carts = new Set(held.map((r) => bookingOrder.parse(r.body).id))
    expect(carts.size).toBe(1)
    const left = await freeSlots()
    expect(left).toHaveLength(every.length - VISIT_MAX_SERVICES)

    // another customer books a slot the first was refused
    const other = await book(t, bearer(1), request(left[0] ?? { employeeId: 'x', start: 'x' }))
    expect(other.status).toBe(200)
    // the first account may still hold on another day
    const nextDay = { serviceid: 'cut', start: '2027-05-06T09:00', end: '2027-05-06T10:00' }
    expect((await book(t, bearer(0), nextDay)).status).toBe(200)
    // and once one of the day's holds is removed, exactly one more fits
    const first = held[0] ? bookingOrder.parse(held[0].body).appointments[0]?.id : undefined
    const removed = await t.call(`/api/appointments?appointmentId=${first ?? ''}`, {
      company: 'booking-token',
      bearer: bearer(0),
      method: 'DELETE',
    })
    expect(removed.status).toBe(200)
    const again = await Promise.all(
      left.slice(1, 4).map((slot) => book(t, bearer(0), request(slot))),
    )
    expect(again.map((r) => r.status).sort()).toEqual([200, 429, 429])
  })

  it("a burst of exactly a visit's worth on another day all passes, the next hold is refused", async () => {
    setClock(NOW)
    const friday = '2027-05-07'
    const slots = Array.from({ length: VISIT_MAX_SERVICES }, (_, i) => ({
      serviceid: 'cut',
      start: `${friday}T${hhmm(9 * 60 + 60 * i)}`,
      end: `${friday}T${hhmm(10 * 60 + 60 * i)}`,
      myAppointment: { employeeId: 'alice' },
    }))
    const responses = await Promise.all(slots.map((s) => book(t, bearer(2), s)))
    expect(responses.map((r) => r.status)).toEqual(Array(VISIT_MAX_SERVICES).fill(200))
    const late = await book(t, bearer(2), {
      serviceid: 'cut',
      start: `${friday}T17:00`,
      end: `${friday}T18:00`,
      myAppointment: { employeeId: 'alice' },
    })
    expect(late).toMatchObject({ status: 429, body: { type: 'tooManyHoldsForDay' } })
  })
})
