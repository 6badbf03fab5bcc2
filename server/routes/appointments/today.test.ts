import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freeSlots } from '#domain/booking/free-slots.ts'
import { book, customers, period, setClock, startBookingApi } from '#server/test/appointments.ts'
import type { TestApi } from '#server/test/harness.ts'

/**
 * Today's slots (docs/product/5-rules.md): the islands step through each working range from its start
 * (src/domain/booking/free-slots.ts), so a range of today must start on the shop's grid, not at
 * the current minute: 15:06 on a 30-minute grid was offered and then refused as outside hours.
 * The shop of the fixture opens at 09:00 on a 30-minute grid (Europe/Paris, UTC+1 in November).
 */
let t: TestApi
let visitors: string[]
beforeAll(async () => {
  t = await startBookingApi()
  visitors = await customers(t, 'booking.localhost', 3, 'today')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

type Answer = Record<string, Parameters<typeof freeSlots>[0]>
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

describe("today's first slot", () => {
  it.each([
    { visitor: 0, clock: '2026-11-24T08:40:00Z', first: '10:00' },
    { visitor: 1, clock: '2026-11-24T14:19:57Z', first: '15:30' },
    { visitor: 2, clock: '2026-11-24T14:35:00Z', first: '16:00' },
  ])('at $clock is $first, on the grid, and can be held', async ({ visitor, clock, first }) => {
    setClock(clock)
    const day = '2026-11-24'
    const body = (await period(t, { servicesId: 'cut', start: day, end: day })).body as Answer
    const answer = body[day]
    if (!answer) throw new Error(`no availability answer for ${day}`)
    const [slot] = freeSlots(answer, { duration: 60, cuttingHours: 30 })
    if (!slot) throw new Error(`no free slot at ${clock}`)
    expect(hhmm(slot.start)).toBe(first)
    const start = `${day}T${hhmm(slot.start)}`
    const end = `${day}T${hhmm(slot.end)}`
    const response = await book(t, visitors[visitor] ?? '', { serviceid: 'cut', start, end })
    expect(response.status).toBe(200)
  })
})
