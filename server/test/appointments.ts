import { fileURLToPath } from 'node:url'
import { and, eq } from 'drizzle-orm'
import { accounts, companies } from '#server/db/schema/index.ts'
import { clock } from '#server/kernel/index.ts'
import { issueToken } from '#server/services/auth/index.ts'
import { type CallOptions, startTestApi, type TestApi } from './harness.ts'

/**
 * Shared by the appointments tests: the API seeded with booking.localhost (payment on, cabins and
 * equipment checks on, Europe/Paris) and instant.localhost (payment off), a movable clock, and
 * customers with bearers.
 */
export const bookingFixtures = fileURLToPath(new URL('./booking-fixtures/tenants', import.meta.url))
export const COMPANY = 'booking-token'
export const INSTANT = 'instant-token'

export function startBookingApi(): Promise<TestApi> {
  return startTestApi({ seedFrom: bookingFixtures })
}

/** Moves the booking clock; `undefined` gives the real clock back. */
export function setClock(iso: string | undefined): void {
  clock.now = iso === undefined ? () => new Date() : () => new Date(iso)
}

/** `count` new customers of the company, each with a bearer. */
export async function customers(
  t: TestApi,
  host: string,
  count: number,
  prefix = 'c',
): Promise<string[]> {
  const [company] = await t.db.select().from(companies).where(eq(companies.host, host))
  if (!company) throw new Error(`no company ${host}`)
  const rows = Array.from({ length: count }, (_, i) => ({
    companyId: company.id,
    id: `${prefix}${i}`,
    kind: 'customer' as const,
    email: `${prefix}${i}@example.com`,
  }))
  await t.db.insert(accounts).values(rows)
  const bearers: string[] = []
  for (const row of rows) {
    const issued = await issueToken(t.db, {
      companyId: company.id,
      kind: 'customer',
      subjectId: row.id,
    })
    bearers.push(issued.token)
  }
  return bearers
}

/** The bearer of a seeded customer. */
export async function customerBearer(t: TestApi, host: string, id: string): Promise<string> {
  const [company] = await t.db.select().from(companies).where(eq(companies.host, host))
  const [account] = company
    ? await t.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.companyId, company.id), eq(accounts.id, id)))
    : []
  if (!company || !account) throw new Error(`no customer ${id} in ${host}`)
  return (await issueToken(t.db, { companyId: company.id, kind: 'customer', subjectId: id })).token
}

export interface Booking {
  readonly shopid?: string
  readonly serviceid: string
  readonly start: string
  readonly end: string
  readonly mode?: '1' | '2'
  readonly myAppointment?: Record<string, unknown>
}

/** POST /api/appointments for a customer. */
export function book(t: TestApi, bearer: string, booking: Booking, company = COMPANY) {
  const options: CallOptions = {
    company,
    bearer,
    json: { shopid: 's1', myAppointment: {}, ...booking },
  }
  return t.call('/api/appointments', options)
}

/** POST /api/appointments/check, as a visitor not signed in. */
export function check(t: TestApi, booking: Booking, company = COMPANY) {
  return t.call('/api/appointments/check', {
    company,
    json: { shopid: 's1', myAppointment: {}, ...booking },
  })
}

/** GET /api/appointments for a period. */
export function period(t: TestApi, query: Record<string, string>, company = COMPANY) {
  const params = new URLSearchParams({ shopId: 's1', ...query })
  return t.call(`/api/appointments?${params}`, { company })
}
