import { and, count, eq, gt, lt, max } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { type AccountKind, loginAttempts } from '../../db/schema/index.ts'
import { tooManyRequests } from '../../http/errors.ts'

/**
 * Login rate limiting, stored in the database so it holds across restarts and API processes.
 * Per account: 5 failures in 15 minutes lock further attempts (a success resets the count).
 * Per client address: 20 failures in 15 minutes, whatever the accounts tried (password spraying).
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perAccount: 5,
  perAddress: 20,
  /** Attempts older than this are deleted: they can no longer count. */
  keepMs: 24 * 3600 * 1000,
} as const

export interface AttemptKey {
  readonly companyId: number
  readonly kind: AccountKind
  readonly email: string
  readonly address: string
}

/** Throws 429 `tooManyAttempts` when the account or the address is locked out. */
export async function assertLoginAllowed(db: Db, key: AttemptKey, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMs)
  const account = and(
    eq(loginAttempts.companyId, key.companyId),
    eq(loginAttempts.kind, key.kind),
    eq(loginAttempts.email, key.email.toLowerCase()),
  )
  const [lastSuccess] = await db
    .select({ at: max(loginAttempts.at) })
    .from(loginAttempts)
    .where(and(account, eq(loginAttempts.succeeded, true), gt(loginAttempts.at, since)))
  const accountSince = lastSuccess?.at && lastSuccess.at > since ? lastSuccess.at : since
  const [byAccount] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(account, eq(loginAttempts.succeeded, false), gt(loginAttempts.at, accountSince)))
  if ((byAccount?.n ?? 0) >= LOGIN_LIMITS.perAccount) {
    throw tooManyRequests('Too many failed attempts for this account, try again later.')
  }
  const [byAddress] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.address, key.address),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.at, since),
      ),
    )
  if ((byAddress?.n ?? 0) >= LOGIN_LIMITS.perAddress) {
    throw tooManyRequests('Too many failed attempts from this address, try again later.')
  }
}

export async function recordLoginAttempt(
  db: Db,
  key: AttemptKey,
  succeeded: boolean,
  now = new Date(),
): Promise<void> {
  await db.insert(loginAttempts).values({
    companyId: key.companyId,
    kind: key.kind,
    email: key.email.toLowerCase(),
    address: key.address,
    succeeded,
    at: now,
  })
  // Occasional cleanup is enough: old rows only cost space, never a wrong answer.
  if (Math.random() < 0.02) {
    await db
      .delete(loginAttempts)
      .where(lt(loginAttempts.at, new Date(now.getTime() - LOGIN_LIMITS.keepMs)))
  }
}
