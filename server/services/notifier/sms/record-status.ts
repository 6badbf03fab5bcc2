import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  type CompanyRow,
  companies,
  type NotificationRow,
  type NotificationStatus,
  notifications,
  undeliverableContacts,
} from '#server/db/schema/index.ts'
import type { SmsProviderName } from './accounts.ts'
import type { StatusChange } from './delivery-status.ts'

/** An SMS of the outbox with the company it was sent for (whose credentials sign its reports). */
export interface SmsRow {
  readonly message: NotificationRow
  readonly company: CompanyRow
}

/**
 * The SMS a delivery report is about: by (provider, provider message id), the index the outbox
 * keeps; else, for Vonage, by the client-ref it echoes (our row id), since each part of a long
 * text has its own message-id and the outbox keeps the first. Undefined for an unknown message
 * or one without a company.
 */
export async function findSmsRow(
  db: Db,
  provider: SmsProviderName,
  providerMessageId: string,
  clientRef?: string,
): Promise<SmsRow | undefined> {
  const byId = eq(notifications.providerMessageId, providerMessageId)
  const ref = clientRef && /^\d{1,15}$/.test(clientRef) ? Number(clientRef) : undefined
  const [found] = await select(db, provider, byId)
  if (found || ref === undefined) return found
  const [byRef] = await select(
    db,
    provider,
    and(eq(notifications.id, ref), isNotNull(notifications.providerMessageId)),
  )
  return byRef
}

function select(db: Db, provider: SmsProviderName, where: ReturnType<typeof and>) {
  return db
    .select({ message: notifications, company: companies })
    .from(notifications)
    .innerJoin(companies, eq(companies.id, notifications.companyId))
    .where(and(eq(notifications.channel, 'sms'), eq(notifications.provider, provider), where))
    .limit(1)
}

/**
 * The states a report may move a message from: forward only. A late `sent` never undoes a
 * `delivered`, and the first final answer (delivered, bounced, failed) stays: a replayed or
 * out-of-order report changes nothing.
 */
const MOVES_FROM: Readonly<Record<StatusChange['status'], readonly NotificationStatus[]>> = {
  sent: ['queued'],
  delivered: ['queued', 'sent'],
  bounced: ['queued', 'sent'],
  failed: ['queued', 'sent'],
}

/**
 * Records a delivery report on its row (status, reason, time); a bounce also marks the number
 * undeliverable for the company, so the customer is asked to correct it at the next sign-in.
 * Answers whether the row changed.
 */
export async function recordSmsStatus(
  db: Db,
  row: SmsRow,
  change: StatusChange,
  now: Date = new Date(),
): Promise<boolean> {
  const { message } = row
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(notifications)
      .set({ status: change.status, statusReason: change.reason ?? null, statusAt: now })
      .where(
        and(
          eq(notifications.id, message.id),
          inArray(notifications.status, [...MOVES_FROM[change.status]]),
        ),
      )
      .returning({ id: notifications.id })
    if (changed.length === 0) return false
    if (change.status === 'bounced') {
      const reason = change.reason ?? 'bounced'
      await tx
        .insert(undeliverableContacts)
        .values({
          companyId: row.company.id,
          channel: 'sms',
          contact: message.recipient,
          reason,
          notificationId: message.id,
        })
        .onConflictDoUpdate({
          target: [
            undeliverableContacts.companyId,
            undeliverableContacts.channel,
            undeliverableContacts.contact,
          ],
          set: { reason, notificationId: message.id },
        })
    }
    return true
  })
}
