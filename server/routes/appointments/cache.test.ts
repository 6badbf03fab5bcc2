import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { book, customers, period, setClock, startBookingApi } from '#server/test/appointments.ts'
import type { TestApi } from '#server/test/harness.ts'

/**
 * Decision 009: availability answers are reused for a moment, but never across a write to the
 * company. A visitor who books and looks again sees the slot taken at once.
 */
let t: TestApi
let bearers: string[]
const NOW = '2027-04-26T12:00:00Z'
const DAY = '2027-04-29'
type Days = Record<string, { m_tabres: { m_id: string; m_event: unknown[] }[] }>

const aliceEvents = async () => {
  const answer = await period(t, { servicesId: 'cut', start: DAY, end: DAY })
  expect(answer.status).toBe(200)
  return (answer.body as Days)[DAY]?.m_tabres.find((e) => e.m_id === 'alice')?.m_event
}

beforeAll(async () => {
  setClock(NOW)
  t = await startBookingApi()
  bearers = await customers(t, 'booking.localhost', 2, 'cache')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

describe('availability cache (decision 009)', () => {
  it('a hold is visible to the next availability call, cached or not', async () => {
    expect(await aliceEvents()).toEqual([])
    expect(await aliceEvents()).toEqual([])
    const hold = await book(t, bearers[0] ?? '', {
      serviceid: 'cut',
      start: `${DAY}T09:00`,
      end: `${DAY}T10:00`,
      myAppointment: { employeeId: 'alice' },
    })
    expect(hold.status).toBe(200)
    expect(await aliceEvents()).toEqual([{ start: '09:00', end: '10:00' }])
  })

  it('a refused write invalidates too (it costs one recomputation, never a stale answer)', async () => {
    const refused = await book(t, bearers[1] ?? '', {
      serviceid: 'cut',
      start: `${DAY}T09:00`,
      end: `${DAY}T10:00`,
      myAppointment: { employeeId: 'alice' },
    })
    expect(refused.status).toBe(409)
    expect(await aliceEvents()).toEqual([{ start: '09:00', end: '10:00' }])
  })
})
