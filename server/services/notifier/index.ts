import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import {
  type NotificationChannel,
  type NotificationTemplate,
  notifications,
} from '#server/db/schema/index.ts'
import { Refusal } from '#server/http/errors.ts'
import { sealContext, sealSecret, unsealSecret } from './seal.ts'
import { fillSecret, placed } from './secret-parts.ts'
import { type SmtpOptions, sendMail } from './smtp.ts'

export interface Message {
  readonly channel: NotificationChannel
  /** A phone number (E.164) for sms, an address for email. */
  readonly to: string
  /** Subject and body hold SECRET where the secret goes, never the secret itself. */
  readonly subject?: string
  readonly body: string
  /**
   * What the person needs and nobody else may read (a code, a reset token, a voucher code):
   * stored only sealed, put in place of SECRET at delivery (decision 018). Several secrets go
   * as one packed from named parts (secret-parts.ts).
   */
  readonly secret?: string
  readonly companyId?: number
  /**
   * An e-mail's template (kind, locale, props with SECRET placeholders): rendered to HTML and
   * text at delivery (issue 30 §2). The subject and body above stay the message's record.
   */
  readonly template?: NotificationTemplate
}

export { fillSecret, SECRET } from './secret-parts.ts'

/**
 * The key that seals secrets in this process: set once by createApp from config.notificationKey
 * (queueMessage runs deep inside payment transactions, where no config is at hand). Queueing a
 * secret before it is set throws: a secret is never written unsealed.
 */
let sealingKey: Buffer | undefined

export function setNotificationKey(key: Buffer): void {
  sealingKey = key
}

/** The columns a message is stored as: its secret sealed. */
function storedMessage(message: Message) {
  const subject = message.subject ?? ''
  const { secret } = message
  if (secret !== undefined) {
    if (!sealingKey) throw new Error('no notification key: a secret cannot be stored')
    if (secret === '' || !placed(`${subject}${message.body}`, secret)) {
      throw new Error('a message with a secret must say where it goes (SECRET)')
    }
  }
  return {
    companyId: message.companyId ?? null,
    channel: message.channel,
    recipient: message.to,
    subject,
    body: message.body,
    template: message.template ?? null,
    sealedSecret:
      secret === undefined || !sealingKey
        ? null
        : sealSecret(sealingKey, secret, sealContext(message.channel, message.to)),
  }
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
  /**
   * Delivers one queued outbox row, if it is still queued (the job queue's handler): answers
   * false when it was already delivered. Throws when the transport fails, so the job is retried.
   */
  deliverQueued(id: number): Promise<boolean>
}

/**
 * The job queue that carries queued messages (server/cluster/jobs.ts): one job per outbox row,
 * retried with backoff, run once across API instances and after a crash.
 */
export interface OutboxQueue {
  /** Enqueues the rows' jobs (a row already enqueued is not enqueued twice). */
  enqueue(ids: readonly number[]): Promise<void>
  /** Runs the due jobs here and now, so a message goes as soon as its request committed. */
  runNow(): Promise<number>
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
  await tx.insert(notifications).values({ ...storedMessage(message), transport: QUEUED })
  waiting.count += 1
  waiting.since = Date.now()
}

const QUEUED = 'queued'

export interface NotifierOptions {
  readonly db: Db
  readonly log: (line: string) => void
  /** When set, emails also go out through this server (SMS stay in the outbox: no SMS gateway). */
  readonly smtp?: SmtpOptions | undefined
  /**
   * NODE_ENV=development: what no transport carries is printed whole, secret included, after a
   * line saying so. Otherwise only channel, recipient and subject are logged.
   */
  readonly development?: boolean
  /** Queued messages go through this queue; without one a relay delivers them itself. */
  readonly queue?: OutboxQueue | undefined
}

/** The line a development notifier prints first, so nobody mistakes its output for delivery. */
export const DEVELOPMENT_NOTIFIER_LINE =
  'notify: development notifier (NODE_ENV=development): messages without a transport are printed here, secrets included, instead of being sent'

/** A message as the outbox holds it: text with SECRET, the secret sealed (or none). */
interface Stored {
  readonly id: number
  readonly channel: NotificationChannel
  readonly to: string
  readonly subject: string
  readonly body: string
  readonly sealedSecret: string | null
}

/**
 * Every message is written to the notifications table first (secret sealed), so nothing depends
 * on a transport being up. Delivery unseals the secret, and clears it from the row once the
 * message is out: sent over SMTP, or printed by the development notifier. Without a transport
 * outside development the message stays in the outbox, sealed, and only its envelope is logged.
 */
export function createNotifier(options: NotifierOptions): Notifier {
  const { db, log, smtp, development = false, queue } = options
  const viaSmtp = (channel: NotificationChannel) => smtp !== undefined && channel === 'email'
  // SMS have no transport at all, so a development notifier always has something to print
  if (development) log(DEVELOPMENT_NOTIFIER_LINE)

  const unsealed = (message: Stored): string | undefined => {
    if (message.sealedSecret === null) return undefined
    if (!sealingKey) throw new Error('no notification key: a secret cannot be read')
    return unsealSecret(sealingKey, message.sealedSecret, sealContext(message.channel, message.to))
  }
  /** Delivered: the secret is gone from the database. */
  const forgetSecret = (id: number, extra: { sentAt?: Date } = {}) =>
    db
      .update(notifications)
      .set({ sealedSecret: null, ...extra })
      .where(eq(notifications.id, id))

  /** The message is in the table: send it when it goes by SMTP, else print or log its envelope. */
  async function deliver(message: Stored): Promise<void> {
    const subject = message.subject ? `[${message.subject}] ` : ''
    if (!smtp || !viaSmtp(message.channel)) {
      if (!development) {
        log(`notify ${message.channel} to ${message.to}: ${subject}(kept in the outbox, not sent)`)
        return
      }
      const secret = unsealed(message)
      log(
        `notify ${message.channel} to ${message.to}: ${fillSecret(subject, secret)}${fillSecret(message.body, secret)}`,
      )
      if (secret !== undefined) await forgetSecret(message.id)
      return
    }
    log(`notify email to ${message.to} via smtp`)
    try {
      const secret = unsealed(message)
      await sendMail(smtp, {
        to: message.to,
        subject: fillSecret(message.subject, secret),
        body: fillSecret(message.body, secret),
      })
      await forgetSecret(message.id, { sentAt: new Date() })
    } catch (error) {
      // The row stays (secret sealed) as the record of what should have gone; the person is told to retry.
      const reason = error instanceof Error ? error.message : String(error)
      await db.update(notifications).set({ error: reason }).where(eq(notifications.id, message.id))
      log(`notify email to ${message.to} failed: ${reason}`)
      throw new Refusal(502, 'notificationFailed', 'The message could not be sent, retry later.')
    }
  }

  return {
    async send(message) {
      const stored = storedMessage(message)
      const [row] = await db
        .insert(notifications)
        .values({ ...stored, transport: viaSmtp(message.channel) ? 'smtp' : 'outbox' })
        .returning({ id: notifications.id })
      if (row) await deliver({ ...stored, id: row.id, to: stored.recipient })
    },

    async relayQueued({ force = false } = {}) {
      if (waiting.count === 0 && !force) return 0
      if (queue) {
        const queued = await db
          .select({ id: notifications.id })
          .from(notifications)
          .where(eq(notifications.transport, QUEUED))
          .orderBy(asc(notifications.id))
          .limit(500)
        waiting.count = Math.max(0, waiting.count - queued.length)
        if (queued.length === 0 && Date.now() - waiting.since > GIVE_UP_MS) waiting.count = 0
        await queue.enqueue(queued.map((row) => row.id))
        return queue.runNow()
      }
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
        // a failed SMTP send is recorded on its row; the others still go
        await deliver({ ...row, to: row.recipient }).catch(() => undefined)
      }
      return claimed.length
    },

    async deliverQueued(id) {
      const queuedRow = and(eq(notifications.id, id), eq(notifications.transport, QUEUED))
      const [row] = await db.select().from(notifications).where(queuedRow)
      if (!row) return false
      await deliver({ ...row, to: row.recipient })
      await db
        .update(notifications)
        .set({ transport: viaSmtp(row.channel) ? 'smtp' : 'outbox', error: null })
        .where(queuedRow)
      return true
    },
  }
}
