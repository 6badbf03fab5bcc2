import { and, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  type AccountKind,
  type AccountRow,
  accounts,
  type JsonObject,
} from '#server/db/schema/index.ts'
import { clock, notFound, Refusal } from '#server/kernel/index.ts'
import { hashPassword, revokeAccountTokens } from '../auth/index.ts'
import { getAccount } from './repository.ts'

/**
 * Accounts that providers manage for their company: company users (providers) and access
 * accounts. Created verified (a signed-in provider vouches for them); an e-mail already used by
 * the same kind in the company is 409 Conflict (unique key).
 */

export async function createManagedAccount(
  db: Db,
  companyId: number,
  kind: Exclude<AccountKind, 'customer'>,
  input: { email: string; password: string; profile: JsonObject },
): Promise<AccountRow> {
  const [row] = await db
    .insert(accounts)
    .values({
      companyId,
      kind,
      email: input.email.trim().toLowerCase(),
      passwordHash: await hashPassword(input.password),
      profile: input.profile,
      verifiedAt: new Date(),
    })
    .returning()
  if (!row) throw new Refusal(500, 'internal', 'Internal error.')
  return row
}

/**
 * Changes e-mail and profile fields (merged into the stored profile) and, when given, the
 * password, which ends the account's sessions.
 */
export async function updateManagedAccount(
  db: Db,
  companyId: number,
  kind: Exclude<AccountKind, 'customer'>,
  id: string,
  input: { email: string; password?: string | undefined; profile: JsonObject },
): Promise<AccountRow> {
  const current = await getAccount(db, companyId, kind, id)
  const passwordHash =
    input.password === undefined ? current.passwordHash : await hashPassword(input.password)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(accounts)
      .set({
        email: input.email.trim().toLowerCase(),
        passwordHash,
        profile: { ...current.profile, ...input.profile },
        updatedAt: clock.now(),
      })
      .where(and(eq(accounts.companyId, companyId), eq(accounts.kind, kind), eq(accounts.id, id)))
      .returning()
    if (!row) throw notFound('No such account.')
    if (input.password !== undefined) await revokeAccountTokens(tx, companyId, id)
    return row
  })
}

export async function deleteManagedAccount(
  db: Db,
  companyId: number,
  kind: Exclude<AccountKind, 'customer'>,
  id: string,
): Promise<void> {
  const removed = await db
    .delete(accounts)
    .where(and(eq(accounts.companyId, companyId), eq(accounts.kind, kind), eq(accounts.id, id)))
    .returning({ id: accounts.id })
  if (removed.length === 0) throw notFound('No such account.')
}
