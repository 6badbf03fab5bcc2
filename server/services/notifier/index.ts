import { eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { notifications } from '#server/db/schema/index.ts'
import { markAfterCommit, Refusal, settleAfterCommit } from '#server/kernel/index.ts'
import { routeOf } from './carry.ts'
import { createDelivery } from './deliver.ts'
import { claim, inFlight, KEPT, keep, QUEUED, SENDING, waitingIds } from './delivery-state.ts'
import type { MailTransport } from './mail-transport.ts'
import { companyOf } from './message-company.ts'
import { type Message, storedMessage } from './stored-message.ts'
import type { MailRenderer, SmsTransports } from './transports.ts'

export { fillSecret, SECRET } from './secret-parts.ts'
export { type Message, setNotificationKey } from './stored-message.ts'

/** How the API tells a person something: registration codes, password resets, gift vouchers. */
export interface Notifier {
  send(message: Message): Promise<void>
  /**
   * Delivers the messages `queueMessage` wrote inside transactions that have committed since
   * (SMTP, an SMS provider, else kept: logged or printed), each exactly once; answers how many.
   * It always looks: the unit of work that queued a message calls it after its commit (its
   * after-commit mark, server/kernel/after-commit.ts), and the minute's sweep for messages whose
   * process died between commit and relay. It settles the calling unit's mark.
   */
  relayQueued(): Promise<number>
  /**
   * Delivers one queued outbox row, if it is still queued (the job queue's handler): answers
   * false when it was already delivered. Throws on a temporary failure (and while another
   * attempt holds the row), so the job is retried; a permanent refusal is recorded, not thrown.
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
 * Writes a message into the outbox inside the caller's transaction, so it exists exactly when
 * the work it reports (a paid voucher) committed; the unit of work that queued it relays it
 * after the commit (its mark). (The notifier's own send would run beside the transaction: on
 * PGlite, one connection, it would wait for it.)
 */
export async function queueMessage(tx: Tx, message: Message): Promise<void> {
  await tx.insert(notifications).values({ ...storedMessage(message), transport: QUEUED })
  markAfterCommit('queued')
}

export interface NotifierOptions {
  readonly db: Db
  readonly log: (line: string) => void
  /** E-mails go out through it (mail-transport.ts); without one they stay in the outbox. */
  readonly mail?: MailTransport | undefined
  /**
   * Renders a row's template (HTML, text, attachments: server/services/notifier/mail); without
   * one, or for a row without template, an e-mail is its text body alone.
   */
  readonly renderMail?: MailRenderer | undefined
  /** The SMS provider of each company; an SMS no provider carries stays in the outbox. */
  readonly sms?: SmsTransports | undefined
  /**
   * NODE_ENV=development: what no transport carries is printed whole, secret included, after a
   * line saying so. Otherwise only channel, recipient and subject are logged.
   */
  readonly development?: boolean
  /** Queued messages go through this queue; without one a relay delivers them itself. */
  readonly queue?: OutboxQueue | undefined
  /**
   * How long an attempt holds its message (seconds; the job queue's expiry, JOBS_EXPIRE_SECONDS):
   * it is aborted before then, and only then may another attempt take the message over.
   */
  readonly leaseSeconds?: number | undefined
}

/** The line a development notifier prints first, so nobody mistakes its output for delivery. */
export const DEVELOPMENT_NOTIFIER_LINE =
  'notify: development notifier (NODE_ENV=development): messages without a transport are printed here, secrets included, instead of being sent'

export const DEFAULT_LEASE_SECONDS = 60

/** An attempt gives up this long before its claim lapses (a quarter of it, at most 5 s). */
export const abortAfterMs = (leaseSeconds: number) =>
  leaseSeconds * 1000 - Math.min(5000, leaseSeconds * 250)

/**
 * Every message is written to the notifications table first (secret sealed), so nothing depends
 * on a transport being up. Delivery claims the row (one attempt at a time, counted), unseals the
 * secret for its transport, and records how it went (delivery-state.ts): sent or refused, the
 * secret then cleared; a temporary failure back to the queue, sealed, for the job's retry.
 * Without a transport outside development the message stays in the outbox, sealed, and only its
 * envelope is logged (docs/decisions/018-secrets-in-messages.md, 054-messages-on-nodemailer.md).
 */
export function createNotifier(options: NotifierOptions): Notifier {
  const { db, development = false, queue } = options
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS
  const delivery = createDelivery({
    db,
    log: options.log,
    development,
    renderMail: options.renderMail,
    abortMs: abortAfterMs(leaseSeconds),
  })
  if (development) options.log(DEVELOPMENT_NOTIFIER_LINE)

  const notifier: Notifier = {
    async send(message) {
      const stored = storedMessage(message)
      const company = await companyOf(db, stored.companyId)
      const route = routeOf(message.channel, company, options)
      // claimed as it is written: no relay takes it while this request sends it
      const [row] = await db
        .insert(notifications)
        .values(
          route
            ? { ...stored, transport: SENDING, attempts: 1, statusAt: sql`now()` }
            : { ...stored, transport: KEPT },
        )
        .returning()
      if (!row) return
      if (!route) return delivery.keepMessage(row)
      // the person is answered now and may ask again: a failure is not retried behind them
      const outcome = await delivery.attempt(row, company, route, 'give up').catch(() => undefined)
      if (outcome?.kind !== 'sent') {
        throw new Refusal(502, 'notificationFailed', 'The message could not be sent, retry later.')
      }
    },

    async relayQueued() {
      settleAfterCommit('queued')
      const ids = await waitingIds(db, leaseSeconds)
      if (queue) {
        await queue.enqueue(ids)
        return queue.runNow()
      }
      let delivered = 0
      for (const id of ids) {
        // a failure is recorded on its row (and retried by a later relay); the others still go
        if (await notifier.deliverQueued(id).catch(() => false)) delivered += 1
      }
      return delivered
    },

    async deliverQueued(id) {
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id))
      if (!row || (row.transport !== QUEUED && row.transport !== SENDING)) return false
      const company = await companyOf(db, row.companyId)
      const route = routeOf(row.channel, company, options)
      if (!route) {
        const kept = await keep(db, id, leaseSeconds)
        if (kept) await delivery.keepMessage(kept)
        return kept !== undefined
      }
      const claimed = await claim(db, id, leaseSeconds)
      if (!claimed) {
        // another attempt holds it: the job comes back later and finds how that one went
        if (await inFlight(db, id)) throw new Error(`notify: message ${id} is being sent`)
        return false
      }
      await delivery.attempt(claimed, company, route, 'retry')
      return true
    },
  }
  return notifier
}
export {
  type CalendarEvent,
  type CalendarProps,
  companyCalendarFile,
  type MailProps,
  mailTemplate,
  renderMail,
  renderTemplate,
  visitUid,
} from './mail/index.ts'
export { sampleTemplates } from './mail/samples.ts'
export { parseMailFrom, parseSmtpUrl } from './mail-settings.ts'
export { createMailTransport, type MailTransport, mailSettingsOf } from './mail-transport.ts'
export { DEVELOPMENT_NOTIFICATION_KEY, sealContext, sealSecret, unsealSecret } from './seal.ts'
export { packSecrets, secretPart } from './secret-parts.ts'
export {
  createSmsTransports,
  findSmsRow,
  isFreshVonageTimestamp,
  recordSmsStatus,
  SMS_STATUS_PATHS,
  smsAccount,
  smsStatusUrl,
  twilioStatusChange,
  validTwilioSignature,
  verifyVonageSignature,
  vonageStatusChange,
} from './sms/index.ts'
export { twilioSignature } from './sms/twilio-signature.ts'
export { vonageSignature } from './sms/vonage-signature.ts'
export { NO_SMS, type OutgoingSms, type SmsTransports } from './transports.ts'
