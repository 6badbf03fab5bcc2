import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '#server/db/client.ts'
import { appointmentClaims, appointments, carts, companies } from '#server/db/schema/index.ts'
import { sqlStateOf } from '#server/db/sql-state.ts'
import { freshDatabase } from '#server/test/harness.ts'

/**
 * The guarantee under the locks: the exclusion constraint of migration 0003 refuses two live
 * overlapping claims of one resource, on PGlite and (TEST_DATABASE_URL) PostgreSQL alike.
 */
let database: Database
let drop: () => Promise<void>
let companyId = 0
beforeAll(async () => {
  const fresh = await freshDatabase()
  drop = fresh.drop
  database = await createDatabase({ url: fresh.url })
  await database.migrate()
  const [company] = await database.db
    .insert(companies)
    .values({ host: 'x.localhost', token: 'x', nickname: 'x', data: {} })
    .returning()
  companyId = company?.id ?? 0
  await database.db.insert(carts).values({ companyId, id: 'cart', purpose: 'booking', shopId: 's' })
})
afterAll(async () => {
  await database?.close()
  await drop?.()
})

let n = 0
async function claim(
  resourceId: string,
  start: string,
  end: string,
  status: 'hold' | 'confirmed' | 'cancelled' = 'confirmed',
) {
  const id = `a${n++}`
  const times = { startsAt: new Date(start), endsAt: new Date(end) }
  await database.db.transaction(async (tx) => {
    await tx.insert(appointments).values({
      companyId,
      id,
      cartId: 'cart',
      shopId: 's',
      serviceId: 'svc',
      employeeId: resourceId,
      status,
      localStart: 'x',
      localEnd: 'x',
      timeZone: 'UTC',
      priceCents: 0,
      expiresAt: status === 'hold' ? new Date('2099-01-01') : null,
      ...times,
    })
    await tx.insert(appointmentClaims).values({
      companyId,
      appointmentId: id,
      resourceId,
      resourceKind: 'employee',
      shopId: 's',
      status,
      ...times,
    })
  })
}

const stateOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => sqlStateOf(error),
  )

describe('appointment_claims_no_overlap', () => {
  it('refuses an overlapping live claim of the same resource (23P01)', async () => {
    await claim('r1', '2027-01-01T10:00Z', '2027-01-01T11:00Z')
    expect(await stateOf(claim('r1', '2027-01-01T10:30Z', '2027-01-01T11:30Z', 'hold'))).toBe(
      '23P01',
    )
  })

  it('allows back to back, another resource, and overlaps with cancelled claims', async () => {
    expect(await stateOf(claim('r1', '2027-01-01T11:00Z', '2027-01-01T12:00Z'))).toBe('ok')
    expect(await stateOf(claim('r2', '2027-01-01T10:00Z', '2027-01-01T11:00Z'))).toBe('ok')
    expect(await stateOf(claim('r3', '2027-01-01T10:00Z', '2027-01-01T11:00Z', 'cancelled'))).toBe(
      'ok',
    )
    expect(await stateOf(claim('r3', '2027-01-01T10:00Z', '2027-01-01T11:00Z'))).toBe('ok')
  })

  it('stores the generated range half-open', async () => {
    const rows = await database.db.execute(sql`select count(*)::int as n from appointment_claims
      where during = tstzrange('2027-01-01T10:00Z', '2027-01-01T11:00Z', '[)')`)
    const count = (rows as unknown as { rows: { n: number }[] }).rows[0]?.n
    expect(count).toBeGreaterThanOrEqual(2)
  })
})
