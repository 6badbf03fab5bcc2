import { sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { waitlistEntries, waitlistFreed } from '#server/db/schema/index.ts'
import { markAfterCommit } from '#server/kernel/index.ts'

/**
 * The waitlist's transactional outbox (docs/decisions/040-waitlist.md): inside the transaction
 * that cancels appointments, one row per (shop, local day) they freed, written only when somebody
 * waits for that day, so ordinary cancellations cost one cheap statement and no job. Booking
 * writes it (cancel.ts) and the waitlist, a module above, reads it: booking never calls the
 * waitlist (docs/decisions/069-server-modules.md).
 */
export async function recordFreed(
  tx: Tx,
  companyId: number,
  freed: readonly { readonly shopId: string; readonly localStart: string }[],
): Promise<void> {
  const days = new Map(freed.map((f) => [`${f.shopId}\n${f.localStart.slice(0, 10)}`, f]))
  for (const { shopId, localStart } of days.values()) {
    const day = localStart.slice(0, 10)
    const rows = await tx.execute(sql`
      insert into ${waitlistFreed} (company_id, shop_id, day)
      select ${companyId}, ${shopId}, ${day}
      where exists (
        select 1 from ${waitlistEntries}
        where ${waitlistEntries.companyId} = ${companyId} and ${waitlistEntries.shopId} = ${shopId}
          and ${waitlistEntries.day} = ${day} and ${waitlistEntries.state} = 'waiting'
      )
      returning id`)
    // the unit of work wakes the waitlist job once it committed (a rolled-back one wakes it for
    // nothing, which is harmless)
    if (rowCount(rows) > 0) markAfterCommit('freed')
  }
}

function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows
  return Array.isArray(rows) ? rows.length : Array.isArray(result) ? result.length : 0
}
