import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type AccountRow, accounts } from '#server/db/schema/index.ts'
import type { Subject } from '#server/kernel/index.ts'
import { notFound, unauthorized } from '#server/kernel/index.ts'
import { oneAccount, readCustomerData } from '../accounts/index.ts'

/** The links array of a profile, whatever the profile holds (seeded rows may hold anything). */
const links = sql`case when jsonb_typeof(${accounts.profile} -> 'links') = 'array'
  then ${accounts.profile} -> 'links' else '[]'::jsonb end`

/**
 * The customer an artebeauteId names: their back-office link (links[].artebeauteId) or, for an
 * account never linked, its own id (what the account pages have before POST /api/links).
 */
export function customerByArtebeauteId(
  db: Db,
  companyId: number,
  artebeauteId: string,
): Promise<AccountRow | undefined> {
  const linked = sql`(${accounts.id} = ${artebeauteId} or exists (select 1 from jsonb_array_elements(${links}) l
    where l ->> 'artebeauteId' = ${artebeauteId}))`
  return oneAccount(db, companyId, 'customer', [linked], asc(accounts.createdAt))
}

/**
 * Who may read a customer's orders and credit (calls with auth 'any'): the customer themself
 * (another customer's id is 404, as if unknown) or a provider of the company. Access accounts
 * manage marketplace services, not customers: 401 wrongAccountKind.
 */
export async function readableCustomer(
  db: Db,
  companyId: number,
  subject: Subject,
  artebeauteId: string,
): Promise<AccountRow> {
  if (subject.kind === 'access') {
    throw unauthorized('This call needs a customer or provider session.', 'wrongAccountKind')
  }
  const row = await customerByArtebeauteId(db, companyId, artebeauteId)
  if (!row || (subject.kind === 'customer' && row.id !== subject.id)) {
    throw notFound('No such customer.')
  }
  return row
}

/** The back-office view of a customer account (contract backOfficeCustomer). */
export function backOfficeView(row: AccountRow) {
  const data = readCustomerData(row.profile)
  const profile = data.profiles[0]
  return {
    artebeauteId: data.links[0]?.artebeauteId ?? row.id,
    firstname: profile?.firstname ?? '',
    lastname: profile?.lastname ?? '',
    email: row.email,
    ...(row.phone === null ? {} : { phone: row.phone }),
  }
}

/**
 * POST /api/customers/artebeaute/search: the company's customers whose names, e-mail or phone
 * contain the filter (case-insensitive; an empty filter lists them all), by e-mail, paged.
 */
export async function searchCustomers(
  db: Db,
  companyId: number,
  filter: string,
  page: number,
  size: number,
) {
  const term = `%${filter.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const where: SQL | undefined = and(
    eq(accounts.companyId, companyId),
    eq(accounts.kind, 'customer'),
    filter.trim() === ''
      ? undefined
      : sql`(${accounts.email} ilike ${term} or coalesce(${accounts.phone}, '') ilike ${term}
          or coalesce(${accounts.profile} #>> '{profiles,0,firstname}', '') ilike ${term}
          or coalesce(${accounts.profile} #>> '{profiles,0,lastname}', '') ilike ${term})`,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(accounts)
      .where(where)
      .orderBy(asc(accounts.email), asc(accounts.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(accounts).where(where),
  ])
  return { items: rows.map(backOfficeView), total: total?.n ?? 0, page, itemPerPage: size }
}
