import { type SQL, sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'

/**
 * Per-resource serialisation (ARCHITECTURE.md "No double booking"). Every transaction that
 * writes claims first takes a transaction-scoped advisory lock per resource it may claim (and
 * per customer cart it may create), so writers of one resource queue instead of colliding on the
 * exclusion constraint, which under bursts deadlocks (40P01). The locks are taken in ascending
 * key order, all before any row is touched: two transactions can then never wait on each other
 * in a cycle. The key is (company id, FNV-1a hash of the name); a hash collision only makes two
 * unrelated resources queue behind each other, and sorting by the key itself (not the name)
 * keeps the order global even then. Locks are released at commit or rollback.
 */

/** FNV-1a 32-bit, as a signed int4 (pg_advisory_xact_lock(int4, int4)). */
export function lockKey(name: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash | 0
}

export const resourceLock = (resourceId: string) => `resource:${resourceId}`
export const cartLock = (customerId: string, shopId: string) => `cart:${customerId}:${shopId}`

/** Sorted, distinct keys of these names. */
export function lockKeys(names: readonly string[]): number[] {
  return [...new Set(names.map(lockKey))].sort((a, b) => a - b)
}

/**
 * Takes the locks in one statement: PostgreSQL evaluates a select list left to right, so the
 * locks are acquired in the sorted order written.
 */
export async function lockAll(tx: Tx, companyId: number, names: readonly string[]): Promise<void> {
  const keys = lockKeys(names)
  if (keys.length === 0) return
  const calls: SQL[] = keys.map(
    (key) => sql`pg_advisory_xact_lock(${companyId}::int4, ${key}::int4)`,
  )
  await tx.execute(sql`select ${sql.join(calls, sql`, `)}`)
}

/**
 * A shop's own lock (docs/decisions/104-shop-removal-lock.md): its removal takes it exclusively
 * for its check and its delete; a hold there takes it shared before any resource lock (the hold
 * function booking_hold_at_shop, migration 0031, takes it too), so holds in one shop never wait
 * for each other, only for a removal. One bigint key (the database's shop_lock_key), apart from
 * the (company, name) keys above.
 */
export async function lockShop(
  tx: Tx,
  companyId: number,
  shopId: string,
  mode: 'shared' | 'exclusive',
): Promise<void> {
  const key = sql`shop_lock_key(${companyId}::int4, ${shopId}::text)`
  await tx.execute(
    mode === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(${key})`
      : sql`select pg_advisory_xact_lock(${key})`,
  )
}
