import { asc, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type NotificationRow, notifications } from '#server/db/schema/index.ts'
import { fillSecret, sealContext, unsealSecret } from '#server/services/notifier/index.ts'

/**
 * The one way tests read what the outbox holds for a person: the rows matching `where`, oldest
 * first, with subject and body as the person reads them (the sealed secret opened with the API's
 * key, decision 018). The database itself holds only the text with its placeholder; a message
 * already delivered has no secret left to open.
 */
export async function readMessages(
  t: { readonly db: Db; readonly config: { readonly notificationKey: Buffer } },
  where?: SQL,
): Promise<NotificationRow[]> {
  const rows = await t.db.select().from(notifications).where(where).orderBy(asc(notifications.id))
  return rows.map((row) => {
    const secret =
      row.sealedSecret === null
        ? undefined
        : unsealSecret(
            t.config.notificationKey,
            row.sealedSecret,
            sealContext(row.channel, row.recipient),
          )
    return { ...row, subject: fillSecret(row.subject, secret), body: fillSecret(row.body, secret) }
  })
}
