import { and, eq, ne, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type AccountKind, type AccountRow, accounts } from '#server/db/schema/index.ts'
import { notFound } from '#server/kernel/index.ts'

/** Account reads, always scoped by company and kind: another company's id is simply absent. */

/**
 * The first account of the company and kind matching every condition (the one query shape all
 * account look-ups share). `order` picks which one when several could match.
 */
export async function oneAccount(
  db: Db,
  companyId: number,
  kind: AccountKind,
  conditions: readonly (SQL | undefined)[],
  order?: SQL,
): Promise<AccountRow | undefined> {
  const scoped = and(eq(accounts.companyId, companyId), eq(accounts.kind, kind), ...conditions)
  const query = db.select().from(accounts).where(scoped)
  const [row] = await (order ? query.orderBy(order) : query).limit(1)
  return row
}

export function findAccount(
  db: Db,
  companyId: number,
  kind: AccountKind,
  id: string,
): Promise<AccountRow | undefined> {
  return oneAccount(db, companyId, kind, [eq(accounts.id, id)])
}

/** The account or 404: for ids from a path, and for the bearer's own account. */
export async function getAccount(
  db: Db,
  companyId: number,
  kind: AccountKind,
  id: string,
): Promise<AccountRow> {
  const row = await findAccount(db, companyId, kind, id)
  if (!row) throw notFound('No such account.')
  return row
}

export function findAccountByEmail(
  db: Db,
  companyId: number,
  kind: AccountKind,
  email: string,
): Promise<AccountRow | undefined> {
  return oneAccount(db, companyId, kind, [eq(accounts.email, email.trim().toLowerCase())])
}

/** The customer holding this (normalised) phone number, other than `exceptId`. */
export function findCustomerByPhone(
  db: Db,
  companyId: number,
  phone: string,
  exceptId?: string,
): Promise<AccountRow | undefined> {
  return oneAccount(db, companyId, 'customer', [
    eq(accounts.phone, phone),
    exceptId === undefined ? undefined : ne(accounts.id, exceptId),
  ])
}

/** The customer whose first profile carries this back-office code. */
export function findCustomerByCode(
  db: Db,
  companyId: number,
  code: string,
): Promise<AccountRow | undefined> {
  return oneAccount(db, companyId, 'customer', [
    sql`${accounts.profile} -> 'profiles' -> 0 ->> 'code' = ${code}`,
  ])
}

export async function listAccounts(
  db: Db,
  companyId: number,
  kind: AccountKind,
): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), eq(accounts.kind, kind)))
    .orderBy(accounts.email)
}
