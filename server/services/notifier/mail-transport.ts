import { createTransport, type NodemailerError } from 'nodemailer'
import type { Config } from '#server/config.ts'
import { mailOptions, type OutgoingMail } from './mail-message.ts'
import {
  type DkimKey,
  type MailFrom,
  parseMailFrom,
  parseSmtpUrl,
  type SmtpServer,
} from './mail-settings.ts'
import type { SendOutcome } from './transports.ts'

/** Everything the SMTP transport is made of (config.ts reads and checks it at start-up). */
export interface MailSettings {
  readonly server: SmtpServer
  readonly from: MailFrom
  /** SMTP_POOL_MAX: connections kept open at most */
  readonly poolMax: number
  readonly dkim?: DkimKey | undefined
}

/** The settings of the configuration; none without SMTP_URL (the outbox keeps e-mails). */
export function mailSettingsOf(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'smtpPoolMax' | 'dkim'>,
): MailSettings | undefined {
  if (!config.smtpUrl) return undefined
  return {
    server: parseSmtpUrl(config.smtpUrl),
    from: parseMailFrom(config.mailFrom),
    poolMax: config.smtpPoolMax,
    dkim: config.dkim,
  }
}

/**
 * E-mail over SMTP (nodemailer's pooled transport). `send` answers sent, or refused when the
 * server refused the message for good; anything else (a 4xx, a refused connection, a timeout,
 * an abort) throws, so the outbox keeps the message for a retry.
 */
export interface MailTransport {
  /** `signal` aborts an attempt that outlives its claim on the outbox row (index.ts). */
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<SendOutcome>
  /** Closes the pool's connections (the API is stopping). */
  close(): void
}

export function createMailTransport(settings: MailSettings): MailTransport {
  const { server, dkim } = settings
  const transporter = createTransport({
    pool: true,
    maxConnections: settings.poolMax,
    host: server.host,
    port: server.port,
    secure: server.secure,
    ...(server.user === undefined
      ? {}
      : { auth: { user: server.user, pass: server.password ?? '' } }),
    tls: { rejectUnauthorized: server.rejectUnauthorized },
    // nodemailer waits minutes by default; a request that sends (a gift resend) waits for it
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    ...(dkim ? { dkim: { ...dkim } } : {}),
    // a message's parts are text the API made: never a file or URL for nodemailer to read
    disableFileAccess: true,
    disableUrlAccess: true,
  })
  // each send reports its own failure; an 'error' event with no listener would end the process
  transporter.on('error', () => undefined)
  return {
    async send(mail, signal) {
      try {
        const info = await transporter.sendMail({
          ...mailOptions(mail, settings.from),
          ...(signal ? { signal } : {}),
        })
        return { kind: 'sent', provider: 'smtp', providerMessageId: info.messageId }
      } catch (error) {
        const refusal = smtpRefusal(error)
        if (refusal) return refusal
        throw error
      }
    },
    close: () => transporter.close(),
  }
}

/** A 5xx to RCPT TO or DATA (not 503): the same message would be refused again. */
export function smtpRefusal(error: unknown): SendOutcome | undefined {
  if (!(error instanceof Error)) return undefined
  const { permanent, command, response } = error as NodemailerError
  if (permanent !== true || (command !== 'RCPT TO' && command !== 'DATA')) return undefined
  const reason = response ?? error.message
  return {
    kind: 'refused',
    provider: 'smtp',
    reason,
    // the recipient refused, or a DATA reply whose enhanced status is about the address (5.1.x)
    undeliverable: command === 'RCPT TO' || /^5\d\d[ -]5\.1\.\d/.test(reason),
  }
}
