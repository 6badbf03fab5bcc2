import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointmentClaims, appointments, bookingOrders } from '#server/db/schema/index.ts'
import { book, customers, INSTANT, setClock, startBookingApi } from '#server/test/appointments.ts'
import type { TestApi } from '#server/test/harness.ts'

/**
 * 50 customers move their own, different visits to ONE slot at the same instant
 * (docs/decisions/038-visit-policy.md): the moves serialise on the resource's advisory lock,
 * exactly one wins, the 49 others get 409 and keep their visit where it was; no deadlock or
 * 5xx reaches anyone. instant.localhost: payment off (confirmed at once), one employee on
 * Wednesdays 10:00-12:00, a 45-minute service.
 */
const BURST = 50
const DAY_MS = 86_400_000
/** The Wednesday `n` weeks after 5 May 2027. */
const wednesday = (n: number) =>
  new Date(Date.parse('2027-05-05T00:00:00Z') + n * 7 * DAY_MS).toISOString().slice(0, 10)
const TARGET = `${wednesday(0)}T11:00`

let t: TestApi
let bearers: string[]
const orders: string[] = []
beforeAll(async () => {
  setClock('2027-04-26T12:00:00Z')
  t = await startBookingApi()
  bearers = await customers(t, 'instant.localhost', BURST, 'move')
  // one visit each, on its own Wednesday, at 10:00
  for (const [i, bearer] of bearers.entries()) {
    const date = wednesday(i + 1)
    const booked = await book(
      t,
      bearer,
      { shopid: 'i1', serviceid: 'trim', start: `${date}T10:00`, end: `${date}T10:45` },
      INSTANT,
    )
    expect(booked.status).toBe(200)
    orders.push((booked.body as { id: string }).id)
  }
}, 300_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

describe('reschedule burst', () => {
  it(`${BURST} parallel moves of different visits to one slot: one wins`, async () => {
    const answers = await Promise.all(
      bearers.map((bearer, i) =>
        t.call('/api/appointments/manage/reschedule', {
          company: INSTANT,
          bearer,
          json: { orderId: orders[i], start: TARGET },
        }),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(BURST - 1)
    const live = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.localStart, TARGET), ne(appointments.status, 'cancelled')))
    expect(live).toHaveLength(1)
    const claims = await t.db
      .select()
      .from(appointmentClaims)
      .where(
        and(
          eq(appointmentClaims.appointmentId, live[0]?.id ?? ''),
          ne(appointmentClaims.status, 'cancelled'),
        ),
      )
    expect(claims).toHaveLength(1)
    // every loser still has its visit, confirmed, where it was
    const winner = statuses.indexOf(200)
    for (const [i, orderId] of orders.entries()) {
      const kept = await t.db
        .select()
        .from(appointments)
        .where(and(eq(appointments.cartId, orderId), ne(appointments.status, 'cancelled')))
      expect(kept.map((a) => a.localStart)).toEqual([
        i === winner ? TARGET : `${wednesday(i + 1)}T10:00`,
      ])
      const [order] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, orderId))
      expect(order?.status).toBe('confirmed')
    }
  }, 300_000)
})
