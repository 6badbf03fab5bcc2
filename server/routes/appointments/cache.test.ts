import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointmentClaims } from '#server/db/schema/index.ts'
import {
  book,
  bookingFixtures,
  customers,
  period,
  setClock,
  startBookingApi,
} from '#server/test/appointments.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * Decisions 009 and 035: availability reuses each shop's busy days, and forgets only what a
 * committed write touched. A visitor who books and looks again sees the slot taken at once; a
 * refused hold or a check forgets nothing. To see what is kept, a claim is changed behind the
 * API's back (straight in the database): a kept day still shows the old busy time.
 */
let t: TestApi
let cached: TestApi
let bearers: string[]
let cachedBearers: string[]
const NOW = '2027-04-26T12:00:00Z'
const DAY = '2027-04-29'
const NEXT = '2027-04-30'
type Days = Record<string, { m_tabres: { m_id: string; m_event: unknown[] }[] }>

const events = async (api: TestApi, day: string, employee: string) => {
  const answer = await period(api, { servicesId: 'cut', start: DAY, end: NEXT })
  expect(answer.status).toBe(200)
  return (answer.body as Days)[day]?.m_tabres.find((e) => e.m_id === employee)?.m_event
}
const cut = (day: string, hour: string, employeeId: string) => ({
  serviceid: 'cut',
  start: `${day}T${hour}`,
  end: `${day}T${String(Number(hour.slice(0, 2)) + 1).padStart(2, '0')}:00`,
  myAppointment: { employeeId },
})
const NINE = [{ start: '09:00', end: '10:00' }]

beforeAll(async () => {
  setClock(NOW)
  t = await startBookingApi()
  bearers = await customers(t, 'booking.localhost', 2, 'cache')
  // a lifetime far longer than the test: only invalidation may forget a day here
  cached = await startTestApi({
    seedFrom: bookingFixtures,
    config: { availabilityCacheMs: 600_000 },
  })
  cachedBearers = await customers(cached, 'booking.localhost', 2, 'kept')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
  await cached?.close()
})

describe('availability cache (decisions 009 and 035)', () => {
  it('a hold is visible to the next availability call, cached or not', async () => {
    expect(await events(t, DAY, 'alice')).toEqual([])
    expect(await events(t, DAY, 'alice')).toEqual([])
    const hold = await book(t, bearers[0] ?? '', cut(DAY, '09:00', 'alice'))
    expect(hold.status).toBe(200)
    expect(await events(t, DAY, 'alice')).toEqual(NINE)
    const refused = await book(t, bearers[1] ?? '', cut(DAY, '09:00', 'alice'))
    expect(refused.status).toBe(409)
    expect(await events(t, DAY, 'alice')).toEqual(NINE)
  })

  it('a refused hold and a check forget nothing; a committed hold forgets only its days', async () => {
    const [first = '', second = ''] = cachedBearers
    expect((await book(cached, first, cut(DAY, '09:00', 'alice'))).status).toBe(200)
    expect((await book(cached, first, cut(NEXT, '09:00', 'alice'))).status).toBe(200)
    expect((await book(cached, second, cut(NEXT, '14:00', 'alice'))).status).toBe(200)
    const FOURTEEN = [...NINE, { start: '14:00', end: '15:00' }]
    expect(await events(cached, DAY, 'alice')).toEqual(NINE)
    expect(await events(cached, NEXT, 'alice')).toEqual(FOURTEEN)
    // behind the API's back: Alice's 09:00 claims are gone from the database, the cache keeps them
    await cached.db
      .update(appointmentClaims)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(appointmentClaims.resourceId, 'alice'),
          sql`extract(hour from ${appointmentClaims.startsAt} at time zone 'Europe/Paris') = 9`,
        ),
      )
    expect(await events(cached, DAY, 'alice')).toEqual(NINE)

    // 14:00 is really taken: refused under the locks, nothing committed, nothing forgotten
    const refused = await book(cached, first, cut(NEXT, '14:00', 'alice'))
    expect(refused.body).toMatchObject({ errors: { code: 409 } })
    expect(await events(cached, DAY, 'alice')).toEqual(NINE)
    expect(await events(cached, NEXT, 'alice')).toEqual(FOURTEEN)

    const check = await cached.call('/api/appointments/check', {
      company: 'booking-token',
      json: { shopid: 's1', ...cut(DAY, '09:00', 'alice') },
    })
    // a check reads the day as the answers do (decision 051): the cached day still says taken
    expect(check.body).toEqual({ available: false, reason: 'slotTaken' })
    expect(await events(cached, DAY, 'alice')).toEqual(NINE)

    // a committed hold on NEXT forgets NEXT (read again: Alice free there) and keeps DAY
    expect((await book(cached, second, cut(NEXT, '11:00', 'alice'))).status).toBe(200)
    expect(await events(cached, NEXT, 'alice')).toEqual([
      { start: '11:00', end: '12:00' },
      { start: '14:00', end: '15:00' },
    ])
    expect(await events(cached, DAY, 'alice')).toEqual(NINE)
  })

  it('a cancellation forgets only the day it freed (decision 041)', async () => {
    const [, second = ''] = cachedBearers
    const LATE = '2027-05-03'
    const lateEvents = async () => {
      const answer = await period(cached, { servicesId: 'cut', start: LATE, end: LATE })
      return (answer.body as Days)[LATE]?.m_tabres.find((e) => e.m_id === 'alice')?.m_event
    }
    const held = await book(cached, second, cut(LATE, '15:00', 'alice'))
    expect(held.status).toBe(200)
    const order = held.body as { appointments: { id: string; start: string }[] }
    const id = order.appointments.find((a) => a.start === `${LATE}T15:00`)?.id ?? ''
    const FIFTEEN = [{ start: '15:00', end: '16:00' }]
    expect(await lateEvents()).toEqual(FIFTEEN)
    // behind the API's back, Alice's 11:00 on NEXT goes: the cache keeps NEXT as it was
    await cached.db
      .update(appointmentClaims)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(appointmentClaims.resourceId, 'alice'),
          sql`extract(hour from ${appointmentClaims.startsAt} at time zone 'Europe/Paris') = 11`,
        ),
      )
    const cancelled = await cached.call(`/api/appointments?appointmentId=${id}`, {
      method: 'DELETE',
      company: 'booking-token',
      bearer: second,
    })
    expect(cancelled).toEqual({ status: 200, body: { ok: true } })
    // the cancelled day is read again (Alice free), the other days are kept
    expect(await lateEvents()).toEqual([])
    expect(await events(cached, NEXT, 'alice')).toEqual([
      { start: '11:00', end: '12:00' },
      { start: '14:00', end: '15:00' },
    ])
  })
})
