import type { Attachment, IcalAttachment, SendMailOptions } from 'nodemailer'
import type { MailFrom } from './mail-settings.ts'
import type { MailAttachment } from './transports.ts'

/** An e-mail as the outbox hands it to the SMTP transport: secrets already in place. */
export interface OutgoingMail {
  /** the outbox row: with `createdAt` it makes the Message-ID */
  readonly id: number
  readonly createdAt: Date
  readonly to: string
  readonly subject: string
  readonly text: string
  /** with it the mail is multipart/alternative (text and HTML) */
  readonly html?: string | undefined
  readonly attachments?: readonly MailAttachment[] | undefined
  /** shown beside MAIL_FROM's address: the company's business name; else MAIL_FROM's own name */
  readonly senderName?: string | undefined
}

/**
 * The Message-ID of an outbox row: the same on every attempt, so a retry that reaches the
 * recipient after an attempt that did too is recognisable as one message (and a mail client
 * threads or drops it as such). The row's creation time keeps ids apart across databases that
 * restart their numbering (a reset development database, a restored backup).
 */
export function messageIdOf(id: number, createdAt: Date, from: MailFrom): string {
  return `<notification.${id}.${createdAt.getTime().toString(36)}@${from.domain}>`
}

const CALENDAR = /^text\/calendar\b/i

/** nodemailer's message: From with the display name, the stable Message-ID, parts and attachments. */
export function mailOptions(mail: OutgoingMail, from: MailFrom): SendMailOptions {
  const name = mail.senderName?.trim() || from.name
  const attachments = mail.attachments ?? []
  // nodemailer's icalEvent puts a text/calendar part with its method beside text and HTML (what
  // calendar clients act on) and the same file as an attachment; it takes one event per message
  const event = attachments.find((attachment) => CALENDAR.test(attachment.contentType))
  const others = attachments.filter((attachment) => attachment !== event)
  return {
    from: name === '' ? from.address : { name, address: from.address },
    to: mail.to,
    subject: mail.subject,
    messageId: messageIdOf(mail.id, mail.createdAt, from),
    text: mail.text,
    ...(mail.html === undefined ? {} : { html: mail.html }),
    ...(event ? { icalEvent: icalEventOf(event) } : {}),
    ...(others.length > 0 ? { attachments: others.map(attachmentOf) } : {}),
  }
}

function icalEventOf(attachment: MailAttachment): IcalAttachment {
  return {
    filename: attachment.filename,
    content: attachment.content,
    method: attachment.method ?? 'PUBLISH',
  }
}

function attachmentOf(attachment: MailAttachment): Attachment {
  const method = attachment.method ? `; method=${attachment.method}` : ''
  return {
    filename: attachment.filename,
    content: attachment.content,
    contentType: `${attachment.contentType}${method}`,
  }
}
