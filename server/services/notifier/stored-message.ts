import type { NotificationChannel, NotificationTemplate } from '#server/db/schema/index.ts'
import { sealContext, sealSecret, unsealSecret } from './seal.ts'
import { placed } from './secret-parts.ts'

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
   * text at delivery (decision 054). The subject and body above stay the message's record.
   */
  readonly template?: NotificationTemplate
}

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
export function storedMessage(message: Message) {
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

/** A stored message's secret, opened for its delivery only; undefined when it has none (left). */
export function unsealedSecret(row: {
  readonly channel: NotificationChannel
  readonly recipient: string
  readonly sealedSecret: string | null
}): string | undefined {
  if (row.sealedSecret === null) return undefined
  if (!sealingKey) throw new Error('no notification key: a secret cannot be read')
  return unsealSecret(sealingKey, row.sealedSecret, sealContext(row.channel, row.recipient))
}
