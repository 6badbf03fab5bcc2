import { eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { type NotificationChannel, notifications } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import { type SmtpOptions, sendMail } from './smtp.ts'

export interface Message {
  readonly channel: NotificationChannel
  /** A phone number (E.164) for sms, an address for email. */
  readonly to: string
  readonly subject?: string
  readonly body: string
  readonly companyId?: number
}

/** How the API tells a person something: registration codes, password resets, gift vouchers. */
export interface Notifier {
  send(message: Message): Promise<void>
  /**
   * Delivers the messages `queueMessage` wrote inside transactions that have committed since
   * (log, and SMTP for e-mails when configured), each exactly once; answers how many. Free when
   * this process has nothing waiting, unless `force` asks it to look anyway (for messages queued
   * by another process).
   */
  relayQueued(options?: { readonly force?: boolean }): Promise<number>
}

/**
 * Messages this process queued and no relay has delivered yet. A relay may run before the
 * queueing transaction commits (it then finds nothing and the count stays); a transaction that
 * rolled back would leave the count up forever, so it is forgotten a minute after the last queue.
 */
const waiting = { count: 0, since: 0 }
const GIVE_UP_MS = 60_000

/**
 * Writes a message into the outbox inside the caller's transaction, so it exists exactly when
 * the work it reports (a paid voucher) committed; the notifier relays it after the commit. (The
 * notifier's own send would run beside the transaction: on PGlite, one connection, it would wait
 * for it.)
 */
export async function queueMessage(tx: Tx, message: Message): Promise<void> {
  await tx.insert(notifications).values({
    companyId: message.companyId ?? null,
    channel: message.channel,
    recipient: message.to,
    subject: message.subject ?? '',
    body: message.body,
    transport: QUEUED,
  })
  waiting.count += 1
  waiting.since = Date.now()
}

const QUEUED = 'queued'

export interface NotifierOptions {
  readonly db: Db
  readonly log: (line: string) => void
  /** When set, emails also go out through this server (SMS stay in the outbox: no SMS gateway). */
  readonly smtp?: SmtpOptions | undefined
}

/**
 * Every message is written to the notifications table first, so nothing depends on a transport
 * being up and a tester can read a code there. Without SMTP the body is also logged (the
 * embedded default, for development); with SMTP only the recipient is logged.
 */
export function createNotifier(options: NotifierOptions): Notifier {
  const { db, log, smtp } = options
  const viaSmtp = (message: Message) => smtp !== undefined && message.channel === 'email'

  /** The message is in the table (row `id`): log it, and send it when it goes by SMTP. */
  async function deliver(id: number, message: Message): Promise<void> {
    if (!smtp || !viaSmtp(message)) {
      const subject = message.subject ? `[${message.subject}] ` : ''
      log(`notify ${message.channel} to ${message.to}: ${subject}${message.body}`)
      return
    }
    log(`notify email to ${message.to} via smtp`)
    try {
      await sendMail(smtp, { to: message.to, subject: message.subject ?? '', body: message.body })
      await db.update(notifications).set({ sentAt: new Date() }).where(eq(notifications.id, id))
    } catch (error) {
      // The row stays as the record of what should have gone; the person is told to retry.
      const reason = error instanceof Error ? error.message : String(error)
      await db.update(notifications).set({ error: reason }).where(eq(notifications.id, id))
      log(`notify email to ${message.to} failed: ${reason}`)
      throw new ApiError(502, 'notificationFailed', 'The message could not be sent, retry later.')
    }
  }

  return {
    async send(message) {
      const [row] = await db
        .insert(notifications)
        .values({
          companyId: message.companyId ?? null,
          channel: message.channel,
          recipient: message.to,
          subject: message.subject ?? '',
          body: message.body,
          transport: viaSmtp(message) ? 'smtp' : 'outbox',
        })
        .returning({ id: notifications.id })
      if (row) await deliver(row.id, message)
    },

    async relayQueued({ force = false } = {}) {
      if (waiting.count === 0 && !force) return 0
      // claiming the rows in one UPDATE makes each relay deliver a message once, whoever races
      const transport = smtp
        ? sql`case when ${notifications.channel} = 'email' then 'smtp' else 'outbox' end`
        : 'outbox'
      const claimed = await db
        .update(notifications)
        .set({ transport })
        .where(eq(notifications.transport, QUEUED))
        .returning()
      waiting.count = Math.max(0, waiting.count - claimed.length)
      if (claimed.length === 0 && Date.now() - waiting.since > GIVE_UP_MS) waiting.count = 0
      for (const row of claimed.sort((a, b) => a.id - b.id)) {
        const message: Message = {
          channel: row.channel,
          to: row.recipient,
          subject: row.subject,
          body: row.body,
          ...(row.companyId === null ? {} : { companyId: row.companyId }),
        }
        // a failed SMTP send is recorded on its row; the others still go
        await deliver(row.id, message).catch(() => undefined)
      }
      return claimed.length
    },
  }
}
