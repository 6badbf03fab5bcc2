import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type CompanyRow, type NotificationRow, notifications } from '#server/db/schema/index.ts'
import { carry, type Route } from './carry.ts'
import { recordRefused, recordRetry, recordSent } from './delivery-state.ts'
import { fillSecret } from './secret-parts.ts'
import { unsealedSecret } from './stored-message.ts'
import type { MailRenderer, SendOutcome } from './transports.ts'

export interface DeliveryOptions {
  readonly db: Db
  readonly log: (line: string) => void
  readonly development: boolean
  readonly renderMail?: MailRenderer | undefined
  /** An attempt is aborted after this long, before its claim on the row lapses (index.ts). */
  readonly abortMs: number
}

/** After a temporary failure: back to the queue (a job retries it), or failed (a direct send). */
export type AfterFailure = 'retry' | 'give up'

/**
 * What happens to one message once its row is claimed or kept. Logs name the channel, the
 * recipient and the route, never a body, outside development (decision 018).
 */
export function createDelivery(options: DeliveryOptions) {
  const { db, log, development } = options

  /**
   * No route carries it: a development notifier prints it whole and forgets its secret; otherwise
   * its envelope is logged and it stays in the outbox, sealed.
   */
  async function keepMessage(row: NotificationRow): Promise<void> {
    const subject = row.subject ? `[${row.subject}] ` : ''
    const envelope = `notify ${row.channel} to ${row.recipient}:`
    if (!development) {
      log(`${envelope} ${subject}(kept in the outbox, not sent)`)
      return
    }
    const secret = unsealedSecret(row)
    log(`${envelope} ${fillSecret(subject, secret)}${fillSecret(row.body, secret)}`)
    if (secret !== undefined) {
      await db.update(notifications).set({ sealedSecret: null }).where(eq(notifications.id, row.id))
    }
  }

  /**
   * One attempt on a row this process claimed, its outcome written on the row: sent, refused
   * (answered, not thrown: retrying cannot help), or a temporary failure (written, then thrown).
   */
  async function attempt(
    claimed: NotificationRow,
    company: CompanyRow | undefined,
    route: Route,
    afterFailure: AfterFailure,
  ): Promise<SendOutcome> {
    const envelope = `notify ${claimed.channel} to ${claimed.recipient}`
    log(`${envelope} via ${route.name}`)
    let outcome: SendOutcome
    try {
      outcome = await carry(route, {
        row: claimed,
        company,
        secret: unsealedSecret(claimed),
        renderMail: options.renderMail,
        renderFailed: (reason) => log(`${envelope}: template not rendered, text only: ${reason}`),
        signal: AbortSignal.timeout(options.abortMs),
      })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      log(`${envelope} failed: ${reason}`)
      if (afterFailure === 'retry') await recordRetry(db, claimed, reason)
      else {
        const provider = route.name
        await recordRefused(db, claimed, {
          kind: 'refused',
          provider,
          reason,
          undeliverable: false,
        })
      }
      throw error
    }
    // The one window left: the transport accepted the message and this process dies before the
    // next write. The row stays `sending`; once its claim lapses a retry sends it again (with the
    // same Message-ID for an e-mail). Nothing here can close it without a two-phase transport.
    if (outcome.kind === 'sent') await recordSent(db, claimed.id, outcome)
    else {
      await recordRefused(db, claimed, outcome)
      const status = outcome.undeliverable ? 'bounced' : 'failed'
      log(`${envelope} refused (${status}): ${outcome.reason}`)
    }
    return outcome
  }

  return { keepMessage, attempt }
}
