import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type AccountRow, accounts } from '#server/db/schema/index.ts'
import type { Subject } from '#server/kernel/index.ts'
import { notFound, unauthorized } from '#server/kernel/index.ts'
import { oneAccount, readCustomerData } from '../accounts/index.ts'
import { customerReachWhere } from './reach-sql.ts'
import { customerResources } from './rules.ts'
import type { Staff } from './staff.ts'

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
  staff?: Staff,
): Promise<AccountRow | undefined> {
  const linked = sql`(${accounts.id} = ${artebeauteId} or exists (select 1 from jsonb_array_elements(${links}) l
    where l ->> 'artebeauteId' = ${artebeauteId}))`
  const reach = staff ? customerReachWhere(customerResources(staff.scope)) : undefined
  const conditions = reach ? [linked, reach] : [linked]
  return oneAccount(db, companyId, 'customer', conditions, asc(accounts.createdAt))
}

/**
 * A customer a company user reaches, by account id (booking admin calls): a practitioner only
 * their own customers (rules.ts customerResources); anyone else's is undefined, as unknown.
 */
export function reachableCustomer(
  db: Db,
  companyId: number,
  customerId: string,
  staff: Staff,
): Promise<AccountRow | undefined> {
  const reach = customerReachWhere(customerResources(staff.scope))
  const conditions = [eq(accounts.id, customerId), ...(reach ? [reach] : [])]
  return oneAccount(db, companyId, 'customer', conditions, asc(accounts.createdAt))
}

/**
 * Who may read a customer's orders and credit (calls with auth 'any'): the customer themself
 * (another customer's id is 404, as if unknown) or a company user who reaches them (`staff`,
 * given for a provider: a practitioner only their own customers). Access accounts manage
 * marketplace services, not customers: 401 wrongAccountKind.
 */
export async function readableCustomer(
  db: Db,
  companyId: number,
  subject: Subject,
  artebeauteId: string,
  staff?: Staff,
): Promise<AccountRow> {
  if (subject.kind === 'access') {
    throw unauthorized('This call needs a customer or provider session.', 'wrongAccountKind')
  }
  const row = await customerByArtebeauteId(db, companyId, artebeauteId, staff)
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
 * contain the filter (case-insensitive; an empty filter lists them all), by e-mail, paged; a
 * practitioner's search finds only their own customers (docs/decisions/072-studio-roles.md).
 */
/**
 * Not an erased person (docs/decisions/079-customer-files-and-erasure.md): the anonymised row
 * stays for the orders pointing at it, reachable from them, but is nobody to find or list.
 */
const notErased = sql`(${accounts.profile} ->> 'erasedAt') is null`

export async function searchCustomers(
  db: Db,
  companyId: number,
  staff: Staff,
  { filter, page, size }: { filter: string; page: number; size: number },
) {
  const term = `%${filter.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const where: SQL | undefined = and(
    eq(accounts.companyId, companyId),
    eq(accounts.kind, 'customer'),
    notErased,
    customerReachWhere(customerResources(staff.scope)),
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

/**
 * GET /api/users: the company's customers a company user reaches, by e-mail (a practitioner's
 * own customers only: docs/decisions/072-studio-roles.md).
 */
export function reachableCustomers(db: Db, companyId: number, staff: Staff): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.companyId, companyId),
        eq(accounts.kind, 'customer'),
        notErased,
        customerReachWhere(customerResources(staff.scope)),
      ),
    )
    .orderBy(asc(accounts.email))
}
