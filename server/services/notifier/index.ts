import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
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
}

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
  return {
    async send(message) {
      const viaSmtp = smtp !== undefined && message.channel === 'email'
      const [row] = await db
        .insert(notifications)
        .values({
          companyId: message.companyId ?? null,
          channel: message.channel,
          recipient: message.to,
          subject: message.subject ?? '',
          body: message.body,
          transport: viaSmtp ? 'smtp' : 'outbox',
        })
        .returning({ id: notifications.id })
      if (!viaSmtp || !row) {
        const subject = message.subject ? `[${message.subject}] ` : ''
        log(`notify ${message.channel} to ${message.to}: ${subject}${message.body}`)
        return
      }
      log(`notify email to ${message.to} via smtp`)
      try {
        await sendMail(smtp, { to: message.to, subject: message.subject ?? '', body: message.body })
        await db
          .update(notifications)
          .set({ sentAt: new Date() })
          .where(eq(notifications.id, row.id))
      } catch (error) {
        // The row stays as the record of what should have gone; the person is told to retry.
        const reason = error instanceof Error ? error.message : String(error)
        await db.update(notifications).set({ error: reason }).where(eq(notifications.id, row.id))
        log(`notify email to ${message.to} failed: ${reason}`)
        throw new ApiError(502, 'notificationFailed', 'The message could not be sent, retry later.')
      }
    },
  }
}
