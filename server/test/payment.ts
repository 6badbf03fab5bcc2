import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, count, eq } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { companies, gifts } from '#server/db/schema/index.ts'
import { customers, setClock } from './appointments.ts'
import { startTestApi, type TestApi } from './harness.ts'
import { catalogue, company, hostOf, type TestProvider } from './payment-tenant.ts'

export { hostOf, type TestProvider, tokenOf } from './payment-tenant.ts'

/**
 * The payment tests' tenants, written to a temporary folder from one template: one company per
 * provider (pay-<provider>.localhost, token pay-<provider>-token) with the same catalogue, so a
 * test reads as "the same cart, paid with X". The booking clock is fixed on a Monday; the
 * holds are booked for the Wednesday after.
 */
export const NOW = '2027-04-26T08:00:00Z'
export const WEDNESDAY = '2027-04-28'

export function writeTenants(providers: readonly (TestProvider | 'other')[]): string {
  const root = mkdtempSync(join(tmpdir(), 'payment-tenants-'))
  for (const provider of providers) {
    const dir = join(root, hostOf(provider))
    mkdirSync(dir)
    writeFileSync(join(dir, 'company.json'), JSON.stringify(company(provider)))
    for (const [file, data] of Object.entries(catalogue)) {
      writeFileSync(join(dir, file), JSON.stringify(data))
    }
  }
  return root
}

export async function startPaymentApi(providers: readonly (TestProvider | 'other')[]) {
  setClock(NOW)
  const root = writeTenants(providers)
  try {
    return await startTestApi({ seedFrom: root })
  } finally {
    // Seeded: the files are not read again.
    rmSync(root, { recursive: true, force: true })
  }
}

export { customers, setClock }

/** POST /api/appointments: a hold of `serviceid` at s1 on the Wednesday at `time`. */
export function hold(t: TestApi, company: string, bearer: string, serviceid: string, time: string) {
  const minutes = serviceid === 'color' ? 30 : 60
  const [h = 0, m = 0] = time.split(':').map(Number)
  const end = h * 60 + m + minutes
  const hhmm = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`
  return t.call('/api/appointments', {
    company,
    bearer,
    json: {
      shopid: 's1',
      serviceid,
      start: `${WEDNESDAY}T${time}`,
      end: `${WEDNESDAY}T${hhmm}`,
      myAppointment: {},
    },
  })
}

export async function companyIdOf(t: TestApi, token: string): Promise<number> {
  const [row] = await t.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.token, token))
  if (!row) throw new Error(`no company ${token}`)
  return row.id
}

/** Row counts of tables, to prove that a call wrote nothing (or nothing more). */
export async function counts(t: TestApi, tables: Record<string, PgTable>) {
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await t.db.select({ n: count() }).from(table)
      return [name, row?.n ?? 0] as const
    }),
  )
  return Object.fromEntries(entries)
}

/** An active voucher of `amount` with `remaining` left, inserted as the gift service would. */
export async function voucher(
  t: TestApi,
  token: string,
  code: string,
  remaining: number,
  amount = remaining,
) {
  const companyId = await companyIdOf(t, token)
  await t.db.insert(gifts).values({
    companyId,
    code,
    status: 'active',
    amountCents: amount,
    remainingCents: remaining,
    recipientName: 'Léa',
    recipientEmail: 'lea@example.com',
    validUntil: '2028-12-31',
  })
  return and(eq(gifts.companyId, companyId), eq(gifts.code, code))
}

/**
 * POST /api/payment/at-shop as a company user (decision 012): the shop records that the amount
 * due for an order confirmed with the free provider was paid there.
 */
export function recordAtShop(
  t: TestApi,
  company: string,
  staff: string,
  orderId: string,
  amount: number,
) {
  return t.call('/api/payment/at-shop', { company, bearer: staff, json: { orderId, amount } })
}
