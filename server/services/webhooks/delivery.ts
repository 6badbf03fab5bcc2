import { and, asc, eq, inArray, isNull, lte, min } from 'drizzle-orm'
import { SIGNATURE_HEADER, signEvent } from '#contract/publish-signature.ts'
import type { Db } from '#server/db/client.ts'
import { type WebhookDeliveryRow, webhookDeliveries } from '#server/db/schema/index.ts'
import { dispatchHeaders, type GithubDispatch } from './github-dispatch.ts'

export interface DeliveryOptions {
  readonly db: Db
  readonly log: (line: string) => void
  /** PUBLISH_WEBHOOK_SECRET: each attempt is signed when it is sent (src/contract/publish-signature.ts). */
  readonly secret: string
  /** The GitHub relay: rows for its url are sent as repository dispatches (./github-dispatch.ts). */
  readonly dispatch?: GithubDispatch | undefined
  /** First retry delay; doubles per failed attempt up to maxDelayMs. */
  readonly baseDelayMs?: number
  readonly maxDelayMs?: number
  /** The loop wakes at least this often, so rows written by another process are picked up. */
  readonly pollMs?: number
  readonly timeoutMs?: number
  readonly fetch?: typeof fetch
}

/** A claimed row is hidden from other loops (other API processes) this long. */
const LEASE_MS = 60_000
const BATCH = 20

/**
 * Delivers the webhook outbox: POSTs each due row to its URL, marks it delivered on a 2xx, and
 * otherwise schedules a retry with exponential backoff. Rows are claimed with FOR UPDATE SKIP
 * LOCKED plus a lease, so several API processes never send one row twice at the same time.
 */
export function createDelivery(options: DeliveryOptions) {
  const { db, log } = options
  const baseDelayMs = options.baseDelayMs ?? 1_000
  const maxDelayMs = options.maxDelayMs ?? 5 * 60_000
  const pollMs = options.pollMs ?? 5_000
  const timeoutMs = options.timeoutMs ?? 10_000
  const doFetch = options.fetch ?? fetch

  async function claim(): Promise<WebhookDeliveryRow[]> {
    const now = new Date()
    const due = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(isNull(webhookDeliveries.deliveredAt), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(asc(webhookDeliveries.id))
      .limit(BATCH)
      .for('update', { skipLocked: true })
    return db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(webhookDeliveries.id, due))
      .returning()
  }

  async function headers(row: WebhookDeliveryRow): Promise<Record<string, string>> {
    // The token is read from the configuration at each attempt, never from the row.
    if (options.dispatch?.url === row.url) return dispatchHeaders(options.dispatch)
    // Signed now, with a fresh id: a retry hours later is within the receiver's window, and
    // a captured attempt cannot be replayed (docs/decisions/015-crash-safety.md).
    return {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: await signEvent(row.body, options.secret),
    }
  }

  async function post(row: WebhookDeliveryRow): Promise<string | undefined> {
    try {
      const response = await doFetch(row.url, {
        method: 'POST',
        headers: await headers(row),
        body: row.body,
        signal: AbortSignal.timeout(timeoutMs),
      })
      await response.body?.cancel()
      return response.ok ? undefined : `HTTP ${response.status}`
    } catch (error) {
      const cause =
        error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''
      return `${error instanceof Error ? error.message : String(error)}${cause}`
    }
  }

  async function attempt(row: WebhookDeliveryRow): Promise<boolean> {
    const error = await post(row)
    const attempts = row.attempts + 1
    const retryIn = Math.min(baseDelayMs * 2 ** (attempts - 1), maxDelayMs)
    await db
      .update(webhookDeliveries)
      .set(
        error === undefined
          ? { attempts, deliveredAt: new Date(), lastError: null }
          : { attempts, lastError: error, nextAttemptAt: new Date(Date.now() + retryIn) },
      )
      .where(eq(webhookDeliveries.id, row.id))
    if (error !== undefined) {
      log(`webhook ${row.kind} ${row.host} -> ${row.url} failed (attempt ${attempts}): ${error}`)
    }
    return error === undefined
  }

  return {
    pollMs,
    /** Delivers every due row once (in parallel: a batch never outlives its lease). */
    async deliverDue(): Promise<number> {
      const results = await Promise.all((await claim()).map(attempt))
      return results.filter(Boolean).length
    },
    /** How long to sleep: until the earliest retry is due, at most the poll interval. */
    async nextDelay(): Promise<number> {
      const [next] = await db
        .select({ at: min(webhookDeliveries.nextAttemptAt) })
        .from(webhookDeliveries)
        .where(isNull(webhookDeliveries.deliveredAt))
      const wait = next?.at ? next.at.getTime() - Date.now() : pollMs
      return Math.max(10, Math.min(wait, pollMs))
    },
  }
}
