import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingOrder } from '#contract/booking-order.ts'
import { appointments } from '#server/db/schema/index.ts'
import {
  book,
  COMPANY,
  customers,
  period,
  setClock,
  startBookingApi,
} from '#server/test/appointments.ts'
import type { TestApi } from '#server/test/harness.ts'

/**
 * Daylight-saving changes in Europe/Paris: clocks go forward on Sunday 29 March 2026 and back on
 * Sunday 25 October 2026. The shop opens at 09:00 local every day (Saturday 9-18, Sunday 9-13):
 * the slots offered are 09:00 local on both sides of the change, stored as 08:00Z in winter and
 * 07:00Z in summer, and read back as 09:00.
 */
let t: TestApi
let visitors: string[]
beforeAll(async () => {
  t = await startBookingApi()
  visitors = await customers(t, 'booking.localhost', 4, 'dst')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

async function firstStart(date: string): Promise<string | undefined> {
  const query = new URLSearchParams({ customerId: 'u1', servicesId: 'cut', date })
  const response = await t.call(`/api/appointments/priceTimes?${query}`, { company: COMPANY })
  return (response.body as { start: string }[])[0]?.start
}

async function bookNine(visitor: string, date: string) {
  const response = await book(t, visitor, {
    serviceid: 'cut',
    start: `${date}T09:00`,
    end: `${date}T10:00`,
  })
  expect(response.status).toBe(200)
  const order = bookingOrder.parse(response.body)
  const [row] = await t.db.select().from(appointments).where(eq(appointments.cartId, order.id))
  return row?.startsAt.toISOString()
}

describe.each([
  {
    change: 'spring forward',
    clock: '2026-03-01T12:00:00Z',
    before: '2026-03-28',
    day: '2026-03-29',
    instants: ['2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z'],
  },
  {
    change: 'fall back',
    clock: '2026-10-01T12:00:00Z',
    before: '2026-10-24',
    day: '2026-10-25',
    instants: ['2026-10-24T07:00:00.000Z', '2026-10-25T08:00:00.000Z'],
  },
])('$change ($day)', ({ clock, before, day, instants }) => {
  it('offers the local opening hours on the Saturday before and on the Sunday of the change', async () => {
    setClock(clock)
    const body = (await period(t, { servicesId: 'cut', start: before, end: day })).body as Record<
      string,
      { m_tabres: { m_id: string; m_workingHours: unknown }[] }
    >
    expect(body[before]?.m_tabres[0]?.m_workingHours).toEqual([{ start: '09:00', end: '18:00' }])
    expect(body[day]?.m_tabres[0]?.m_workingHours).toEqual([{ start: '09:00', end: '13:00' }])
    expect(await firstStart(before)).toBe('09:00')
    expect(await firstStart(day)).toBe('09:00')
  })

  it('09:00 local is stored as the right instant and reads back as 09:00', async () => {
    setClock(clock)
    const offset = clock.startsWith('2026-03') ? 0 : 2
    const stored = [
      await bookNine(visitors[offset] ?? '', before),
      await bookNine(visitors[offset + 1] ?? '', day),
    ]
    expect(stored).toEqual(instants)
    const body = (await period(t, { servicesId: 'cut', start: before, end: day })).body as Record<
      string,
      { m_tabres: { m_event: unknown }[] }
    >
    for (const date of [before, day]) {
      expect(body[date]?.m_tabres[0]?.m_event).toEqual([{ start: '09:00', end: '10:00' }])
    }
    expect(await firstStart(day)).toBe('10:00')
  })
})
