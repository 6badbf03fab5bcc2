import { and, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { type AccountKind, type AccountRow, accounts } from '../../db/schema/index.ts'
import { notFound } from '../../http/errors.ts'

/** Account reads, always scoped by company and kind: another company's id is simply absent. */

export async function findAccount(
  db: Db,
  companyId: number,
  kind: AccountKind,
  id: string,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), eq(accounts.kind, kind), eq(accounts.id, id)))
    .limit(1)
  return row
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

export async function findAccountByEmail(
  db: Db,
  companyId: number,
  kind: AccountKind,
  email: string,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.companyId, companyId),
        eq(accounts.kind, kind),
        eq(accounts.email, email.trim().toLowerCase()),
      ),
    )
    .limit(1)
  return row
}

/** The customer holding this (normalised) phone number, other than `exceptId`. */
export async function findCustomerByPhone(
  db: Db,
  companyId: number,
  phone: string,
  exceptId?: string,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.companyId, companyId),
        eq(accounts.kind, 'customer'),
        eq(accounts.phone, phone),
        exceptId === undefined ? undefined : ne(accounts.id, exceptId),
      ),
    )
    .limit(1)
  return row
}

/** The customer whose first profile carries this back-office code. */
export async function findCustomerByCode(
  db: Db,
  companyId: number,
  code: string,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.companyId, companyId),
        eq(accounts.kind, 'customer'),
        sql`${accounts.profile} -> 'profiles' -> 0 ->> 'code' = ${code}`,
      ),
    )
    .limit(1)
  return row
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
