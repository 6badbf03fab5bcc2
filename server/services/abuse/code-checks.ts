import { and, count, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type CodeScope, codeAttempts } from '#server/db/schema/index.ts'
import { clock, tooManyRequests } from '#server/kernel/index.ts'

/**
 * Code look-up throttling (docs/decisions/017-abuse-limits.md), stored in the database like the
 * login limits (decision 014) so it holds across restarts and API processes: per company and
 * client address, 10 failed look-ups of gift voucher codes and 10 of coupon codes in 15 minutes.
 * A code that exists is not a failure: right codes, however many, never use the allowance up.
 */
export const CODE_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failuresPerAddress: 10,
  /** Attempts older than this are deleted: they can no longer count. */
  keepMs: 24 * 3600 * 1000,
} as const

export interface CodeKey {
  readonly companyId: number
  readonly scope: CodeScope
  readonly address: string
}

/**
 * Checks the limit and records the attempt as a failure in one transaction under an advisory lock
 * on (company, scope, address): of a parallel burst exactly the attempts under the limit are
 * recorded and the others refused. Throws 429 `tooManyCodeChecks`; answers the row id.
 */
async function claimCodeAttempt(db: Db, key: CodeKey, now: Date): Promise<number> {
  const since = new Date(now.getTime() - CODE_LIMITS.windowMs)
  return db.transaction(async (tx) => {
    const lock = `codes:${key.companyId}:${key.scope}:${key.address}`
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lock}, 0))`)
    const [failed] = await tx
      .select({ n: count() })
      .from(codeAttempts)
      .where(
        and(
          eq(codeAttempts.companyId, key.companyId),
          eq(codeAttempts.address, key.address),
          eq(codeAttempts.scope, key.scope),
          eq(codeAttempts.succeeded, false),
          gt(codeAttempts.at, since),
        ),
      )
    if ((failed?.n ?? 0) >= CODE_LIMITS.failuresPerAddress) {
      const what = { voucher: 'unknown gift voucher codes', coupon: 'unknown coupon codes' }
      throw tooManyRequests(
        `Too many ${key.scope === 'phone' ? 'phone look-ups' : what[key.scope]} from this address, try again later.`,
        'tooManyCodeChecks',
      )
    }
    const [row] = await tx
      .insert(codeAttempts)
      .values({ ...key, succeeded: false, at: now })
      .returning({ id: codeAttempts.id })
    if (!row) throw new Error('code attempt not recorded')
    return row.id
  })
}

/**
 * Looks a code up under the throttle: answers what `lookup` answers. The attempt counts as a
 * failure unless `lookup` answers a value (the code exists); a refusal `lookup` throws (unknown
 * code 404, unusable voucher) leaves it a failure and is rethrown.
 */
export async function limitedCodeLookup<T>(
  db: Db,
  key: CodeKey,
  lookup: () => Promise<T | undefined>,
  now = clock.now(),
): Promise<T | undefined> {
  const id = await claimCodeAttempt(db, key, now)
  const found = await lookup()
  if (found !== undefined) {
    await db.update(codeAttempts).set({ succeeded: true }).where(eq(codeAttempts.id, id))
  }
  // Occasional cleanup is enough: old rows only cost space, never a wrong answer.
  if (Math.random() < 0.02) {
    await db
      .delete(codeAttempts)
      .where(lt(codeAttempts.at, new Date(now.getTime() - CODE_LIMITS.keepMs)))
  }
  return found
}

/** A code look-up, throttled when the caller's address is known (PriceOptions.guard). */
export type CodeGuard = <T>(
  scope: CodeScope,
  lookup: () => Promise<T | undefined>,
) => Promise<T | undefined>

export const unguarded: CodeGuard = (_scope, lookup) => lookup()

/** On the booking clock, as initialize's other times (tests move it). */
export function codeGuard(db: Db, companyId: number, address: string): CodeGuard {
  return (scope, lookup) =>
    limitedCodeLookup(db, { companyId, scope, address }, lookup, clock.now())
}
