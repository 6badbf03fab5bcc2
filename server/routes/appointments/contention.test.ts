import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointmentClaims, appointments } from '#server/db/schema/index.ts'
import { book, customers, setClock, startBookingApi } from '#server/test/appointments.ts'
import type { TestApi } from '#server/test/harness.ts'

/**
 * No double booking under a burst: 50 customers ask for one slot at the same instant. Exactly
 * one wins, the 49 others get 409 with the normalised error, no deadlock or 5xx reaches anyone,
 * and the database holds one live appointment. With TEST_DATABASE_URL (real PostgreSQL, a pool
 * of connections, true concurrency) the burst runs 10 rounds in a row; on PGlite, 2.
 */
const ROUNDS = process.env.TEST_DATABASE_URL ? 10 : 2
const BURST = 50

let t: TestApi
let bearers: string[]
beforeAll(async () => {
  setClock('2027-04-26T12:00:00Z')
  t = await startBookingApi()
  bearers = await customers(t, 'booking.localhost', BURST, 'burst')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

/** Sundays from 2 May 2027 (only Alice works on Sundays, 9-13): one slot per round. */
const sunday = (round: number) =>
  new Date(Date.parse('2027-05-02T00:00:00Z') + round * 7 * 86_400_000).toISOString().slice(0, 10)

async function live(start: string) {
  return t.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.localStart, start), ne(appointments.status, 'cancelled')))
}

describe('contention', () => {
  it(`${BURST} concurrent bookings of one slot: one success, ${BURST - 1} conflicts, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const date = sunday(round)
      const start = `${date}T10:00`
      const responses = await Promise.all(
        bearers.map((bearer) => book(t, bearer, { serviceid: 'cut', start, end: `${date}T11:00` })),
      )
      const statuses = responses.map((r) => r.status)
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}`,
      ).toHaveLength(1)
      expect(
        statuses.filter((s) => s === 409),
        `round ${round}`,
      ).toHaveLength(BURST - 1)
      for (const r of responses.filter((r) => r.status === 409)) {
        expect(r.body).toMatchObject({ errors: { code: 409 } })
      }
      const rows = await live(start)
      expect(rows, `round ${round}`).toHaveLength(1)
      const claims = await t.db
        .select()
        .from(appointmentClaims)
        .where(
          and(
            eq(appointmentClaims.appointmentId, rows[0]?.id ?? ''),
            ne(appointmentClaims.status, 'cancelled'),
          ),
        )
      expect(claims).toHaveLength(1)
    }
  }, 300_000)

  it('"anyone free": a burst on a slot two employees can take books exactly two', async () => {
    // Wednesday 28 April 2027 at 14:00, cut: Alice and Bruno both work and are free.
    const responses = await Promise.all(
      bearers.map((bearer) =>
        book(t, bearer, { serviceid: 'cut', start: '2027-04-28T14:00', end: '2027-04-28T15:00' }),
      ),
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(2)
    expect(statuses.filter((s) => s === 409)).toHaveLength(BURST - 2)
    const rows = await live('2027-04-28T14:00')
    expect(rows.map((r) => r.employeeId).sort()).toEqual(['alice', 'bruno'])
  }, 120_000)
})
