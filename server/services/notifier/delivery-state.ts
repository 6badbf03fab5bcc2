import { and, asc, eq, lt, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  type NotificationRow,
  notifications,
  undeliverableContacts,
} from '#server/db/schema/index.ts'
import type { SendOutcome } from './transports.ts'

/**
 * A message's delivery written on its outbox row (docs/decisions/054-messages-on-nodemailer.md).
 * The `transport` column says who holds the row: `queued` (its job will deliver it), `sending`
 * (an attempt claimed it at `status_at`), then what carried it (`smtp`, the SMS provider's name)
 * or `outbox` (nothing does: kept). `status` says how it went: queued, sent, bounced, failed.
 */
export const QUEUED = 'queued'
export const SENDING = 'sending'
export const KEPT = 'outbox'

/** A claim older than this has lost its attempt (its process died): another may take the row. */
const lapsed = (leaseSeconds: number) =>
  and(
    eq(notifications.transport, SENDING),
    lt(notifications.statusAt, sql`now() - make_interval(secs => ${leaseSeconds})`),
  )
const takeable = (leaseSeconds: number) =>
  or(eq(notifications.transport, QUEUED), lapsed(leaseSeconds))

/** The rows a relay enqueues: queued, or claimed by an attempt that died. */
export async function waitingIds(db: Db, leaseSeconds: number): Promise<number[]> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(takeable(leaseSeconds))
    .orderBy(asc(notifications.id))
    .limit(500)
  return rows.map((row) => row.id)
}

/**
 * Claims a row for one attempt, in one UPDATE: counts the attempt and stamps the claim, so a
 * second delivery of the row while this one runs finds it taken. Undefined: not takeable.
 */
export async function claim(
  db: Db,
  id: number,
  leaseSeconds: number,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({
      transport: SENDING,
      attempts: sql`${notifications.attempts} + 1`,
      statusAt: sql`now()`,
    })
    .where(and(eq(notifications.id, id), takeable(leaseSeconds)))
    .returning()
  return row
}

/** No route for it: the row leaves the queue, kept in the outbox. Undefined: not takeable. */
export async function keep(
  db: Db,
  id: number,
  leaseSeconds: number,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ transport: KEPT })
    .where(and(eq(notifications.id, id), takeable(leaseSeconds)))
    .returning()
  return row
}

export async function inFlight(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ transport: notifications.transport })
    .from(notifications)
    .where(eq(notifications.id, id))
  return row?.transport === SENDING
}

/** Its secret goes with it (decision 018). */
export async function recordSent(
  db: Db,
  id: number,
  outcome: Extract<SendOutcome, { kind: 'sent' }>,
): Promise<void> {
  const now = new Date()
  await db
    .update(notifications)
    .set({
      status: 'sent',
      transport: outcome.provider,
      provider: outcome.provider,
      providerMessageId: outcome.providerMessageId,
      sentAt: now,
      statusAt: now,
      sealedSecret: null,
      error: null,
      statusReason: null,
    })
    .where(eq(notifications.id, id))
}

/**
 * Refused for good (or given up on): it will never go, so its secret goes too. An address or
 * number that cannot be reached is recorded for the company, whose customer is asked to correct it.
 */
export async function recordRefused(
  db: Db,
  row: NotificationRow,
  outcome: Extract<SendOutcome, { kind: 'refused' }>,
): Promise<void> {
  const now = new Date()
  await db.transaction(async (tx) => {
    await tx
      .update(notifications)
      .set({
        status: outcome.undeliverable ? 'bounced' : 'failed',
        transport: outcome.provider,
        provider: outcome.provider,
        statusReason: outcome.reason,
        error: outcome.reason,
        statusAt: now,
        sealedSecret: null,
      })
      .where(eq(notifications.id, row.id))
    if (!outcome.undeliverable || row.companyId === null) return
    const contact = row.channel === 'email' ? row.recipient.toLowerCase() : row.recipient
    const noted = { reason: outcome.reason, notificationId: row.id, createdAt: now }
    await tx
      .insert(undeliverableContacts)
      .values({ companyId: row.companyId, channel: row.channel, contact, ...noted })
      .onConflictDoUpdate({
        target: [
          undeliverableContacts.companyId,
          undeliverableContacts.channel,
          undeliverableContacts.contact,
        ],
        set: noted,
      })
  })
}

/**
 * A temporary failure: the row goes back to the queue (still `queued`, with the reason) for the
 * job's retry. Only from the attempt that holds it: an attempt that outlived its claim must not
 * free a row a newer attempt took.
 */
export async function recordRetry(db: Db, claimed: NotificationRow, reason: string): Promise<void> {
  await db
    .update(notifications)
    .set({ transport: QUEUED, error: reason, statusReason: reason })
    .where(
      and(
        eq(notifications.id, claimed.id),
        eq(notifications.transport, SENDING),
        eq(notifications.attempts, claimed.attempts),
      ),
    )
}
