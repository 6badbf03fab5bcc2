import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { book, customers, period, setClock, startBookingApi } from '#server/test/appointments.ts'
import type { TestApi } from '#server/test/harness.ts'

/**
 * How many SQL statements the booking calls cost (docs/decisions/035-availability-at-marketplace-scale.md),
 * counted at the driver: PGlite's query and transaction (BEGIN and COMMIT count as two), or every
 * node-postgres client query when TEST_DATABASE_URL runs the tests on PostgreSQL.
 */
type Query = (...args: unknown[]) => Promise<unknown>
// the background loops (webhook delivery, sweepers, the job queue's polling) are not the call's;
// nor is the one notice to the other instances after commit (docs/decisions/036-several-api-instances.md)
const BACKGROUND = /webhook_deliveries|outbox|"payments" set|lapsed|pgboss|pg_notify/
interface PgliteLike {
  query: Query
  transaction: (fn: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown>
}

function countStatements(api: TestApi): { readonly count: number; stop(): void } {
  const counter = { count: 0, stop: (): void => undefined }
  const counted =
    (query: Query): Query =>
    (...args) => {
      const text = typeof args[0] === 'string' ? args[0] : JSON.stringify(args[0])
      if (!BACKGROUND.test(text)) counter.count += 1
      return query(...args)
    }
  if (process.env.TEST_DATABASE_URL) {
    const original = pg.Client.prototype.query as Query
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      return counted((...a) => original.apply(this, a))(...args)
    } as typeof pg.Client.prototype.query
    counter.stop = () => {
      pg.Client.prototype.query = original as typeof pg.Client.prototype.query
    }
    return counter
  }
  const client = (api.db as unknown as { $client: PgliteLike }).$client
  const { query, transaction } = client
  client.query = counted(query.bind(client))
  client.transaction = (fn) => {
    counter.count += 2
    return transaction.call(client, (tx) => {
      tx.query = counted(tx.query.bind(tx))
      return fn(tx)
    })
  }
  counter.stop = () => {
    client.query = query
    client.transaction = transaction
  }
  return counter
}

let t: TestApi
let bearers: string[]
const DAY = '2027-04-29'

beforeAll(async () => {
  setClock('2027-04-26T12:00:00Z')
  t = await startBookingApi()
  bearers = await customers(t, 'booking.localhost', 1, 'count')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

async function counting(work: () => Promise<{ status: number }>): Promise<number> {
  const counter = countStatements(t)
  try {
    expect((await work()).status).toBe(200)
  } finally {
    counter.stop()
  }
  return counter.count
}

describe('statements per booking call', () => {
  it('a week read twice, or for another service of the shop, costs no statement the second time', async () => {
    const week = { start: '2027-04-26', end: '2027-05-02' }
    const cold = await counting(() => period(t, { servicesId: 'cut', ...week }))
    expect(cold).toBeGreaterThan(0)
    expect(await counting(() => period(t, { servicesId: 'cut', ...week }))).toBe(0)
    expect(await counting(() => period(t, { servicesId: 'color', ...week }))).toBe(0)
  })

  it('a hold costs five statements: bearer, then BEGIN, locks, the hold statement, COMMIT (decision 041)', async () => {
    const statements = await counting(() =>
      book(t, bearers[0] ?? '', {
        serviceid: 'cut',
        start: `${DAY}T09:00`,
        end: `${DAY}T10:00`,
        myAppointment: { employeeId: 'alice' },
      }),
    )
    // 24 before decision 041 (2026-11-26): open cart, claims, cart, limits, three inserts for a
    // new cart, appointment, claims, hold clock and totals each apart, and six for the order
    // view. Now the conflict check, every write and the order view are one statement under
    // the locks; the company and the shop's day come from the cache (read by the test above).
    expect(statements).toBeLessThanOrEqual(5)
  })
})
