import { and, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  companies,
  type NotificationStatus,
  notifications,
  undeliverableContacts,
} from '#server/db/schema/index.ts'

/**
 * Test support for the status webhooks: an SMS the outbox handed to a provider, and what the
 * tests read back. (Kept beside the routes: only their tests use it.)
 */
export async function sentSms(
  db: Db,
  host: string,
  provider: 'twilio' | 'vonage',
  providerMessageId: string,
  recipient = '+33612345678',
  status: NotificationStatus = 'sent',
) {
  const [company] = await db.select().from(companies).where(eq(companies.host, host))
  if (!company) throw new Error(`no company ${host}`)
  const [row] = await db
    .insert(notifications)
    .values({
      companyId: company.id,
      channel: 'sms',
      recipient,
      body: 'Votre code : SECRET',
      transport: 'outbox',
      status,
      provider,
      providerMessageId,
      attempts: 1,
    })
    .returning()
  if (!row) throw new Error('not inserted')
  return { row, company }
}

export async function smsState(db: Db, id: number) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id))
  return row
}

export function undeliverable(db: Db, companyId: number, contact: string) {
  return db
    .select()
    .from(undeliverableContacts)
    .where(
      and(
        eq(undeliverableContacts.companyId, companyId),
        eq(undeliverableContacts.channel, 'sms'),
        eq(undeliverableContacts.contact, contact),
      ),
    )
}

/** Sets environment variables for a test file, and puts them back. */
export function setEnv(values: Readonly<Record<string, string>>): () => void {
  const before = new Map(Object.keys(values).map((key) => [key, process.env[key]]))
  Object.assign(process.env, values)
  return () => {
    for (const [key, value] of before) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  }
}
