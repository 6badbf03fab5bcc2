import { and, eq, sql } from 'drizzle-orm'
import type { PublishKind } from '#contract/publish-event.ts'
import type { Db } from '#server/db/client.ts'
import { webhookDeliveries } from '#server/db/schema/index.ts'
import type { Publisher } from '#server/services/webhooks/index.ts'
import { firesAfter, isDueFire, type Spacing } from './rules.ts'
import { lastChangeOf, readTimedTenant } from './timed-content.ts'

/** The publish kind of a rebuild no write asked for: the clock crossed a boundary. */
export const SCHEDULED_KIND = 'schedule' satisfies PublishKind

/** How far back a sweep looks for fires nobody queued (a crash between a write and its plan). */
export const SWEEP_LOOKBACK_MS = 60 * 60_000

/**
 * The rebuilds to queue for a company (docs/decisions/059-rebuilds-at-content-boundaries.md): those
 * due after `after` up to `now`, then the next one. A sweep passes a lookback as `after`; it never
 * reaches before the company's last write, whose own publish already rebuilt what came before.
 */
export async function plannedFires(
  db: Db,
  companyId: number,
  after: number,
  now: number,
  spacing: Spacing,
): Promise<number[]> {
  const tenant = await readTimedTenant(db, companyId)
  if (!tenant) return []
  const from = after < now ? Math.max(after, await lastChangeOf(db, companyId)) : after
  return firesAfter(tenant.content, companyId, Math.min(from, now), now, spacing)
}

export type FireOutcome = 'published' | 'stale' | 'done' | 'gone'

/**
 * A queued rebuild's turn: records the publish (webhook rows and the GitHub dispatch) through the
 * outbox, so delivery, retries and signatures are the ones every write uses. Once per company
 * and fire whoever runs it: the check and the write are one transaction under a lock on that
 * pair, and the outbox row is the mark (a retried job finds it: 'done'). A fire the content no
 * longer leads to (a window moved or removed since it was queued) publishes nothing: 'stale'.
 */
export async function publishFire(
  db: Db,
  publisher: Publisher,
  companyId: number,
  fire: number,
  spacing: Spacing,
): Promise<FireOutcome> {
  const id = new Date(fire).toISOString()
  const outcome = await db.transaction(async (tx): Promise<FireOutcome> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rebuild:${companyId}:${id}`}))`)
    const [recorded] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.companyId, companyId),
          eq(webhookDeliveries.kind, SCHEDULED_KIND),
          eq(webhookDeliveries.entityId, id),
        ),
      )
      .limit(1)
    if (recorded) return 'done'
    const tenant = await readTimedTenant(tx, companyId)
    if (!tenant) return 'gone'
    if (!isDueFire(tenant.content, companyId, fire, spacing)) return 'stale'
    await publisher.record(tx, {
      companyId,
      host: tenant.host,
      kind: SCHEDULED_KIND,
      id,
      action: 'update',
      // a boundary changes what the pages show, in every language
      languages: 'all',
    })
    return 'published'
  })
  if (outcome === 'published') publisher.notify()
  return outcome
}
