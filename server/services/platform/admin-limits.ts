import { and, count, eq, gt, lt, max, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { platformLoginAttempts } from '#server/db/schema/index.ts'
import { clock, tooManyRequests } from '#server/kernel/index.ts'
import { LOGIN_LIMITS } from '#server/services/auth/index.ts'

export interface AdminAttemptKey {
  readonly email: string
  readonly address: string
}

/**
 * The administrators' sign-in under the companies' login limits (LOGIN_LIMITS, decision 014):
 * 5 failures in 15 minutes lock an address out of an administrator (a success resets it), 20
 * from an address lock it out whatever the addresses tried. The attempt is counted as a failure
 * under a lock on the address before the password is checked, so a parallel burst cannot
 * outrun the limit; `check` runs only when the attempt is admitted. An administrator creates
 * companies: without a limit, the password was the platform's only defence against guessing.
 * Throws 429 `tooManyAttempts`.
 */
export async function limitedAdminCheck(
  db: Db,
  key: AdminAttemptKey,
  check: () => Promise<boolean>,
  now = clock.now(),
): Promise<boolean> {
  const email = key.email.trim().toLowerCase()
  const id = await claimAdminAttempt(db, { email, address: key.address }, now)
  const valid = await check()
  if (valid) {
    await db
      .update(platformLoginAttempts)
      .set({ succeeded: true })
      .where(eq(platformLoginAttempts.id, id))
  }
  // old rows only cost space, never a wrong answer: an occasional sweep is enough
  if (Math.random() < 0.02) {
    const before = new Date(now.getTime() - LOGIN_LIMITS.keepMs)
    await db.delete(platformLoginAttempts).where(lt(platformLoginAttempts.at, before))
  }
  return valid
}

async function claimAdminAttempt(db: Db, key: AdminAttemptKey, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMs)
  const attempts = platformLoginAttempts
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`platform-login:${key.address}`}, 0))`,
    )
    const pair = and(eq(attempts.email, key.email), eq(attempts.address, key.address))
    const [lastSuccess] = await tx
      .select({ at: max(attempts.at) })
      .from(attempts)
      .where(and(pair, eq(attempts.succeeded, true), gt(attempts.at, since)))
    const pairSince = lastSuccess?.at && lastSuccess.at > since ? lastSuccess.at : since
    const failures = (where: ReturnType<typeof and>) =>
      tx
        .select({ n: count() })
        .from(attempts)
        .where(and(where, eq(attempts.succeeded, false)))
        .then(([row]) => row?.n ?? 0)
    if (
      (await failures(and(pair, gt(attempts.at, pairSince)))) >= LOGIN_LIMITS.perAccountAndAddress
    ) {
      throw tooManyRequests('Too many failed attempts for this administrator, try again later.')
    }
    const fromAddress = and(eq(attempts.address, key.address), gt(attempts.at, since))
    if ((await failures(fromAddress)) >= LOGIN_LIMITS.perAddress) {
      throw tooManyRequests('Too many failed attempts from this address, try again later.')
    }
    const [row] = await tx
      .insert(attempts)
      .values({ ...key, succeeded: false, at: now })
      .returning({ id: attempts.id })
    if (!row) throw new Error('administrator sign-in attempt not recorded')
    return row.id
  })
}
