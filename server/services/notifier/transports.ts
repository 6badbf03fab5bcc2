import type { CompanyRow, NotificationTemplate } from '#server/db/schema/index.ts'

/**
 * The seams between the outbox and what carries its messages (decisions 054-056): the e-mail renderer
 * (templates, server/services/notifier/mail), the SMS providers (server/services/notifier/sms).
 * A temporary failure (a provider down, rate limited, a connection refused) throws, so the job
 * queue retries the message; a permanent one answers `refused`.
 */
export type SendOutcome =
  | { readonly kind: 'sent'; readonly provider: string; readonly providerMessageId: string }
  | {
      readonly kind: 'refused'
      readonly provider: string
      readonly reason: string
      /** the address or number itself cannot be reached (hard bounce, invalid number) */
      readonly undeliverable: boolean
    }

export interface OutgoingSms {
  /** E.164 */
  readonly to: string
  readonly text: string
  /** our id of the message (the outbox row), sent where the provider keeps a client reference */
  readonly reference: string
}

export interface SmsProvider {
  /** twilio, vonage: the `provider` column of the outbox */
  readonly name: string
  send(sms: OutgoingSms): Promise<SendOutcome>
}

/** Which provider carries a company's SMS: its own settings and credentials, else the platform's. */
export interface SmsTransports {
  forCompany(company: CompanyRow): SmsProvider | undefined
}

/** No provider for anybody: SMS stay in the outbox. */
export const NO_SMS: SmsTransports = { forCompany: () => undefined }

export interface MailAttachment {
  readonly filename: string
  readonly contentType: string
  readonly content: string
  /** text/calendar: PUBLISH or CANCEL, also given as the part's method parameter */
  readonly method?: string
}

/** An e-mail's parts, secrets still as placeholders: the notifier fills them in at delivery. */
export interface RenderedMail {
  readonly html: string
  readonly text: string
  readonly attachments: readonly MailAttachment[]
}

/** Renders a message's template for its company (brand, address, legal footer). */
export type MailRenderer = (
  template: NotificationTemplate,
  company: CompanyRow | undefined,
) => Promise<RenderedMail>
