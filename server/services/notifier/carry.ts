import type { CompanyRow, NotificationChannel, NotificationRow } from '#server/db/schema/index.ts'
import { businessName } from '#server/kernel/index.ts'
import type { MailTransport } from './mail-transport.ts'
import { fillSecret, packSecrets, secretParts } from './secret-parts.ts'
import type {
  MailRenderer,
  RenderedMail,
  SendOutcome,
  SmsProvider,
  SmsTransports,
} from './transports.ts'

/** What carries a message: the SMTP transport, or the SMS provider of its company. */
export type Route =
  | { readonly name: 'smtp'; readonly mail: MailTransport }
  | { readonly name: string; readonly sms: SmsProvider }

export interface Carriers {
  readonly mail?: MailTransport | undefined
  readonly sms?: SmsTransports | undefined
}

/** None: the message stays in the outbox (printed by a development notifier). */
export function routeOf(
  channel: NotificationChannel,
  company: CompanyRow | undefined,
  carriers: Carriers,
): Route | undefined {
  if (channel === 'email') return carriers.mail && { name: 'smtp', mail: carriers.mail }
  const provider = company && carriers.sms?.forCompany(company)
  return provider && { name: provider.name, sms: provider }
}

export interface Carried {
  readonly row: NotificationRow
  readonly company: CompanyRow | undefined
  /** unsealed, only for the time of this call (decision 018) */
  readonly secret: string | undefined
  readonly renderMail?: MailRenderer | undefined
  /** told why a template could not be rendered (its text then goes alone) */
  readonly renderFailed: (reason: string) => void
  readonly signal: AbortSignal
}

/**
 * Hands one message to its route with its secret in place: an SMS's body; an e-mail's subject
 * and text, with its template's HTML and attachments when it has one and a renderer is given.
 * Answers the route's outcome; a temporary failure throws.
 */
export async function carry(route: Route, message: Carried): Promise<SendOutcome> {
  const { row, company, secret } = message
  if ('sms' in route) {
    const text = fillSecret(row.body, secret)
    return route.sms.send({ to: row.recipient, text, reference: String(row.id) })
  }
  const parts = await rendered(message)
  return route.mail.send(
    {
      id: row.id,
      createdAt: row.createdAt,
      to: row.recipient,
      subject: fillSecret(row.subject, secret),
      text: fillSecret(parts?.text ?? row.body, secret),
      html: parts?.html ? fillSecret(parts.html, htmlSafe(secret)) : undefined,
      attachments: parts?.attachments.map((attachment) => ({
        ...attachment,
        content: fillSecret(attachment.content, secret),
      })),
      senderName: company && businessName(company),
    },
    message.signal,
  )
}

/**
 * The template's parts; none without template or renderer, or when it cannot be rendered (a
 * kind or props this release does not know): rendering again would fail again, so the message's
 * text goes alone rather than never.
 */
async function rendered(message: Carried): Promise<RenderedMail | undefined> {
  const { row, renderMail } = message
  if (!row.template || !renderMail) return undefined
  try {
    return await renderMail(row.template, message.company)
  } catch (error) {
    message.renderFailed(error instanceof Error ? error.message : String(error))
    return undefined
  }
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)

/** The secret as HTML text (each part escaped): tokens need none today, a future secret might. */
function htmlSafe(secret: string | undefined): string | undefined {
  if (secret === undefined) return undefined
  const parts = secretParts(secret)
  if (!parts) return escapeHtml(secret)
  return packSecrets(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, escapeHtml(v)])))
}
