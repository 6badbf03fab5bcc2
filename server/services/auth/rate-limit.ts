import { and, count, eq, gt, lt, max, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type AccountKind, loginAttempts } from '#server/db/schema/index.ts'
import { clock, tooManyRequests } from '#server/kernel/index.ts'
import { type BudgetClaim, budgetSpent, wrongCode } from './account-budget.ts'

/**
 * Login rate limiting, stored in the database so it holds across restarts and API processes
 * (decision 014). Per account and client address: 5 failures in 15 minutes lock that address out
 * of that account (a success from the same address resets its count); the owner coming from
 * another address is not locked out. Per client address: 20 failures in 15 minutes, whatever the
 * accounts tried (password spraying). Sign-ins also spend a per-account budget whatever the
 * address (account-budget.ts, docs/decisions/061-sign-in-budget.md).
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perAccountAndAddress: 5,
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

/**
 * Checks the limits and records the attempt as a failure in one transaction, under a lock on the
 * client address (a PostgreSQL advisory lock, so it holds across API processes): of a parallel
 * burst, exactly the attempts under the limit are recorded and the others refused, and an attempt
 * in flight already counts. Every limit involves the address, so that one lock serialises them.
 * Throws 429 `tooManyAttempts`; answers the attempt's row id.
 */
async function claimAttempt(
  db: Db,
  key: AttemptKey,
  now: Date,
  budget: BudgetClaim | undefined,
): Promise<{ id: number; needsCode: boolean }> {
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMs)
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`login:${key.address}`}, 0))`,
    )
    const pair = and(
      eq(loginAttempts.companyId, key.companyId),
      eq(loginAttempts.kind, key.kind),
      eq(loginAttempts.email, key.email),
      eq(loginAttempts.address, key.address),
    )
    const [lastSuccess] = await tx
      .select({ at: max(loginAttempts.at) })
      .from(loginAttempts)
      .where(and(pair, eq(loginAttempts.succeeded, true), gt(loginAttempts.at, since)))
    const pairSince = lastSuccess?.at && lastSuccess.at > since ? lastSuccess.at : since
    const [byPair] = await tx
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(pair, eq(loginAttempts.succeeded, false), gt(loginAttempts.at, pairSince)))
    if ((byPair?.n ?? 0) >= LOGIN_LIMITS.perAccountAndAddress) {
      throw tooManyRequests('Too many failed attempts for this account, try again later.')
    }
    const [byAddress] = await tx
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
    const needsCode = budget ? await budgetSpent(tx, key, now, budget) : false
    const [row] = await tx
      .insert(loginAttempts)
      .values({ ...key, succeeded: false, at: now })
      .returning({ id: loginAttempts.id })
    if (!row) throw new Error('login attempt not recorded')
    return { id: row.id, needsCode }
  })
}

/**
 * A sign-in's second factor (docs/decisions/061-sign-in-budget.md): `hasCode` says whether one came;
 * `verify` checks it and is called only past the account's budget.
 */
export interface SecondFactor {
  readonly hasCode: boolean
  verify(): Promise<boolean>
}

/**
 * Runs a password check under the login limits: the attempt is claimed (counted as a failure)
 * before `check` runs and turned into a success only if it answers true. Throws 429 when the
 * account or the address is locked out, without running `check`. With `factor` (sign-ins), the
 * account's budget applies too: past it `check` runs only after the factor's code is verified
 * (403 `signInCodeRequired` without a code, `invalidCode` with a wrong one; a wrong code stays
 * recorded as a failure, so the per-address limits bound code guesses as they bound passwords).
 */
export async function limitedPasswordCheck(
  db: Db,
  key: AttemptKey,
  check: () => Promise<boolean>,
  now = clock.now(),
  factor?: SecondFactor,
): Promise<boolean> {
  const normalised = { ...key, email: key.email.trim().toLowerCase() }
  const { id, needsCode } = await claimAttempt(db, normalised, now, factor)
  if (needsCode && !(await factor?.verify())) throw wrongCode()
  const valid = await check()
  if (valid) {
    await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id))
  }
  // Occasional cleanup is enough: old rows only cost space, never a wrong answer.
  if (Math.random() < 0.02) {
    await db
      .delete(loginAttempts)
      .where(lt(loginAttempts.at, new Date(now.getTime() - LOGIN_LIMITS.keepMs)))
  }
  return valid
}

/**
 * Unlock by e-mail: a completed password reset forgets the account's failures (they were guesses
 * of a password that no longer exists), so an owner who shares an address with an attacker (the
 * same network) gets back in through the reset mail.
 */
export async function forgetFailures(
  db: Db,
  account: { companyId: number; kind: AccountKind; email: string },
): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(
      and(
        eq(loginAttempts.companyId, account.companyId),
        eq(loginAttempts.kind, account.kind),
        eq(loginAttempts.email, account.email.toLowerCase()),
        eq(loginAttempts.succeeded, false),
      ),
    )
}
