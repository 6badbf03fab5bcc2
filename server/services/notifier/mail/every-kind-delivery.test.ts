import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import type { AddressObject, Attachment } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCALES, type Locale } from '#i18n/locales.ts'
import { type MessageKey, t } from '#i18n/messages.ts'
import { loadConfig } from '#server/config.ts'
import { createDatabase, type Database } from '#server/db/client.ts'
import {
  type CompanyRow,
  companies,
  type NotificationTemplate,
  notifications,
} from '#server/db/schema/index.ts'
import { freshDatabase } from '#server/test/harness.ts'
import {
  type ReceivedMail,
  startSmtpServer,
  type TestSmtpServer,
} from '#server/test/smtp-server.ts'
import { createNotifier, type Notifier, queueMessage, setNotificationKey } from '../index.ts'
import { createMailTransport, type MailTransport, mailSettingsOf } from '../mail-transport.ts'
import { packSecrets } from '../secret-parts.ts'
import { renderMail, visitUid } from './index.ts'
import { MAIL_KINDS, type MailKind } from './kinds.ts'
import { sampleTemplates } from './samples.ts'

/**
 * Every kind of e-mail in every language, queued in a real outbox for the demo tenant Maison
 * Lumière and delivered by the notifier through nodemailer to a real SMTP server, read back as a
 * mail client reads it (decisions 054 and 056: docs/decisions/054-messages-on-nodemailer.md,
 * docs/decisions/056-mail-templates.md). render.test.ts checks the templates' words; this file
 * checks what the wiring makes of them on the wire: the MIME structure (text and HTML as
 * alternatives, the visit's calendar part where decision 056's table puts one), the language, the
 * sender's name and the secrets filled in every part.
 */
const HOST = 'maison-lumiere.localhost'
const MAIL_FROM = 'Storefront <no-reply@mail.storefront.test>'
/** the demo tenant's identity.displayName: decision 054 shows it as the sender */
const SENDER = 'Maison Lumière'
/** the samples' visit (samples.ts): every calendar file of it is the one entry */
const SAMPLE_ORDER = 'demo-order-0042'

/** Decision 056's table: the kinds that attach the visit as invite.ics, with their method. */
const CALENDAR: Partial<Record<MailKind, 'PUBLISH' | 'CANCEL'>> = {
  'booking-confirmation': 'PUBLISH',
  'booking-rescheduled': 'PUBLISH',
  'booking-cancelled': 'CANCEL',
  reminder: 'PUBLISH',
}

/** The samples' kinds whose props hold no secret placeholder (no link, no code). */
const SECRETLESS: readonly MailKind[] = ['booking-cancelled', 'shop-booking-changed']

/** A catalog heading per kind: the subject is written in the message's language, as producers do. */
const HEADING: Record<MailKind, MessageKey> = {
  code: 'mail.code.heading',
  'password-reset': 'mail.passwordReset.heading',
  'booking-confirmation': 'mail.booking.heading',
  'booking-rescheduled': 'mail.rescheduled.heading',
  'booking-cancelled': 'mail.cancelled.heading',
  'shop-booking-changed': 'mail.shopNotice.movedHeading',
  reminder: 'mail.reminder.heading',
  'gift-voucher': 'mail.gift.heading',
  'waitlist-offer': 'mail.waitlist.heading',
  'consent-request': 'mail.consent.heading',
}

/**
 * The MIME tree of a raw message, by its Content-Type headers: the structure a mail client
 * chooses its parts from, which mailparser's flattened result does not show.
 */
interface MimePart {
  readonly type: string
  readonly params: Readonly<Record<string, string>>
  readonly parts: readonly MimePart[]
}

function mimeTree(entity: string): MimePart {
  const end = entity.indexOf('\r\n\r\n')
  const head = (end < 0 ? entity : entity.slice(0, end)).replace(/\r\n[ \t]+/g, ' ')
  const body = end < 0 ? '' : entity.slice(end + 4)
  const header = head.split('\r\n').find((line) => /^content-type:/i.test(line))
  // RFC 2045's default for an entity without Content-Type
  const value = header?.slice(header.indexOf(':') + 1) ?? 'text/plain'
  const [type = '', ...rest] = value.split(';').map((piece) => piece.trim())
  const params = Object.fromEntries(
    rest.map((param) => {
      const at = param.indexOf('=')
      return [param.slice(0, at).toLowerCase(), param.slice(at + 1).replace(/^"(.*)"$/, '$1')]
    }),
  )
  const boundary = params.boundary
  if (!type.toLowerCase().startsWith('multipart/') || boundary === undefined) {
    return { type: type.toLowerCase(), params, parts: [] }
  }
  // a delimiter is CRLF "--boundary" (the body may start with one); the closing one ends in "--"
  const sections = `\r\n${body}`.split(`\r\n--${boundary}`).slice(1)
  const closing = sections.findIndex((section) => section.startsWith('--'))
  const parts = sections
    .slice(0, closing < 0 ? undefined : closing)
    .map((section) => mimeTree(section.replace(/^[ \t]*\r\n/, '')))
  return { type: type.toLowerCase(), params, parts }
}

/** The tree as one line: `multipart/alternative(text/plain,text/html)`. */
const shape = (part: MimePart): string =>
  part.parts.length === 0 ? part.type : `${part.type}(${part.parts.map(shape).join(',')})`

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) => object.value)

/** The HTML's text as written: React escapes these characters (an apostrophe in French). */
const unescapeHtml = (html: string) =>
  html.replace(/&(#x27|#39|quot|lt|gt|amp);/g, (_, name: string) =>
    name === 'quot' ? '"' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'amp' ? '&' : "'",
  )

const PLACEHOLDER = /\{\{secret(?::(\w+))?\}\}/g

/** A secret for each placeholder the producer put in the props: one value per part, all distinct. */
function secretFor(
  template: NotificationTemplate,
  tag: string,
): {
  secret: string | undefined
  values: string[]
  placeholders: string[]
} {
  const found = [...JSON.stringify(template.props).matchAll(PLACEHOLDER)]
  const placeholders = [...new Set(found.map((match) => match[0]))]
  const names = [...new Set(found.flatMap((match) => (match[1] ? [match[1]] : [])))]
  if (placeholders.length === 0) return { secret: undefined, values: [], placeholders }
  if (names.length === 0) {
    const value = `Sk${tag}Zq7`
    return { secret: value, values: [value], placeholders }
  }
  const parts = Object.fromEntries(names.map((name) => [name, `Sk${tag}${name}Zq7`]))
  return { secret: packSecrets(parts), values: Object.values(parts), placeholders }
}

/** A .ics property's value, folded lines joined again (RFC 5545 folding). */
const icsValue = (ics: string, name: string) =>
  new RegExp(`^${name}(?:;[^:\\r\\n]*)?:([^\\r\\n]*)`, 'm').exec(ics.replace(/\r\n[ \t]/g, ''))?.[1]

interface Sent {
  readonly kind: MailKind
  readonly locale: Locale
  readonly id: number
  readonly subject: string
  readonly body: string
  readonly values: readonly string[]
  readonly placeholders: readonly string[]
  readonly delivered: boolean | Error
  readonly mail: ReceivedMail | undefined
}

let database: Database
let dropDatabase: () => Promise<void>
let server: TestSmtpServer
let transport: MailTransport
let company: CompanyRow
const logs: string[] = []
const sent = new Map<string, Sent>()
const keyOf = (kind: MailKind, locale: Locale) => `${locale}/${kind}`

/** One notifier with the nodemailer transport and the templates' renderer, as startApi builds it. */
function notifier(withRenderer: boolean): Notifier {
  return createNotifier({
    db: database.db,
    log: (line) => logs.push(line),
    mail: transport,
    renderMail: withRenderer ? renderMail : undefined,
  })
}

async function queued(to: string, message: Omit<Parameters<typeof queueMessage>[1], 'to'>) {
  await database.db.transaction((tx) => queueMessage(tx, { ...message, to }))
  const [row] = await database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.recipient, to))
  if (!row) throw new Error(`not queued: ${to}`)
  return row.id
}

const receivedBy = (to: string) => server.received.find((mail) => mail.recipients.includes(to))

beforeAll(async () => {
  // a bare migrated database is all the outbox needs: no API, no job queue, no fixture tenants
  const fresh = await freshDatabase()
  dropDatabase = fresh.drop
  database = await createDatabase({ url: fresh.url, pgliteDir: 'memory://' })
  await database.migrate()
  // createApp sets the sealing key; without it a message with a secret cannot be queued
  setNotificationKey(randomBytes(32))
  const data = JSON.parse(
    readFileSync(new URL(`../../../../tenants/${HOST}/company.json`, import.meta.url), 'utf8'),
  ) as CompanyRow['data']
  const [row] = await database.db
    .insert(companies)
    .values({ host: HOST, token: String(data.token), nickname: String(data.nickname), data })
    .returning()
  if (!row) throw new Error('no company row')
  company = row

  server = await startSmtpServer()
  const settings = mailSettingsOf(loadConfig({ SMTP_URL: server.url, MAIL_FROM }))
  if (!settings) throw new Error('no SMTP settings')
  transport = createMailTransport(settings)
  const rendering = notifier(true)

  for (const locale of LOCALES) {
    for (const { kind, template } of sampleTemplates(company, locale)) {
      const to = `${kind}.${locale}@example.com`
      const { secret, values, placeholders } = secretFor(
        template,
        `${MAIL_KINDS.indexOf(kind)}${locale}`,
      )
      const subject = `${SENDER} – ${t(locale, HEADING[kind])}`
      const body = [subject, ...placeholders].join('\n')
      const id = await queued(to, {
        channel: 'email',
        subject,
        body,
        companyId: company.id,
        template,
        ...(secret === undefined ? {} : { secret }),
      })
      // a failure is kept for its own test to show, so one broken kind does not hide the others
      const delivered = await rendering
        .deliverQueued(id)
        .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
      sent.set(keyOf(kind, locale), {
        kind,
        locale,
        id,
        subject,
        body,
        values,
        placeholders,
        delivered,
        mail: receivedBy(to),
      })
    }
  }
})

afterAll(async () => {
  transport?.close()
  await server?.close()
  await database?.close()
  await dropDatabase?.()
})

function delivered(kind: MailKind, locale: Locale): Sent & { mail: ReceivedMail } {
  const found = sent.get(keyOf(kind, locale))
  if (!found) throw new Error(`${kind} in ${locale} was not queued`)
  if (found.delivered instanceof Error) throw found.delivered
  expect(found.delivered).toBe(true)
  if (!found.mail) throw new Error(`${kind} in ${locale} did not reach the SMTP server`)
  return { ...found, mail: found.mail }
}

const calendarPart = (mail: ReceivedMail): Attachment | undefined =>
  mail.parsed.attachments.find((attachment) => attachment.contentType === 'text/calendar')

describe('every kind of e-mail in every language, through nodemailer to a real SMTP server', () => {
  it('the samples cover every kind, and every mail reached the server once', () => {
    expect(sampleTemplates(company, 'fr').map((s) => s.kind)).toEqual(MAIL_KINDS)
    expect(MAIL_KINDS).toHaveLength(10)
    expect(server.received).toHaveLength(MAIL_KINDS.length * LOCALES.length)
    expect(server.received.every((mail) => mail.accepted && mail.secure)).toBe(true)
    // the renderer refused nothing: a refusal would have sent the text alone (decision 054)
    expect(logs.filter((line) => /not rendered|failed|refused/.test(line))).toEqual([])
  })

  for (const locale of LOCALES) {
    describe(locale, () => {
      for (const kind of MAIL_KINDS) {
        const method = CALENDAR[kind]
        const structure = method
          ? 'multipart/mixed(multipart/alternative(text/plain,text/html,text/calendar),application/ics)'
          : 'multipart/alternative(text/plain,text/html)'
        it(`${kind}: ${structure}, lang="${locale}", from ${SENDER}, secrets filled`, async () => {
          const { mail, subject, body, values, placeholders, id } = delivered(kind, locale)
          const { parsed } = mail
          const tree = mimeTree(mail.raw)
          expect(shape(tree)).toBe(structure)

          expect(addresses(parsed.from)).toEqual([
            { name: SENDER, address: 'no-reply@mail.storefront.test' },
          ])
          expect(parsed.subject).toBe(subject)
          const html = typeof parsed.html === 'string' ? parsed.html : ''
          const text = parsed.text ?? ''
          expect(html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`))
          expect(text.trim()).not.toBe('')
          // the text part is the template's render, not the row's record of it
          expect(text.trim()).not.toBe(body)
          // in the message's language: its heading in both parts (the text part writes headings
          // in capitals), no other language's
          const heading = t(locale, HEADING[kind])
          expect(text.toLowerCase()).toContain(heading.toLowerCase())
          expect(unescapeHtml(html)).toContain(heading)
          for (const other of LOCALES) {
            const theirs = t(other, HEADING[kind])
            if (theirs !== heading) expect(text.toLowerCase()).not.toContain(theirs.toLowerCase())
          }

          // every secret filled where the producer put its placeholder, in both parts (a sample
          // that lost its placeholder would make this vacuous: the kinds without one are known)
          expect(placeholders.length === 0).toBe(SECRETLESS.includes(kind))
          for (const value of values) {
            expect(text).toContain(value)
            expect(html).toContain(value)
          }
          const contents = parsed.attachments.map((attachment) => attachment.content.toString())
          for (const part of [mail.raw, subject, text, html, ...contents]) {
            expect(part).not.toContain('{{secret')
          }

          const calendar = calendarPart(mail)
          if (!method) {
            expect(calendar).toBeUndefined()
            expect(parsed.attachments).toEqual([])
          } else {
            const alternative = tree.parts[0]?.parts.find((part) => part.type === 'text/calendar')
            expect(alternative?.params.method).toBe(method)
            const ics = calendar?.content.toString('utf8') ?? ''
            expect(icsValue(ics, 'METHOD')).toBe(method)
            expect(icsValue(ics, 'STATUS')).toBe(method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED')
            expect(icsValue(ics, 'UID')).toBe(visitUid(SAMPLE_ORDER, HOST))
            // the same file attached, as decision 056 names it
            const file = parsed.attachments.find(
              (attachment) => attachment.filename === 'invite.ics',
            )
            expect(file?.content.toString('utf8')).toBe(ics)
          }

          const [row] = await database.db
            .select()
            .from(notifications)
            .where(eq(notifications.id, id))
          expect(row).toMatchObject({
            status: 'sent',
            transport: 'smtp',
            providerMessageId: parsed.messageId,
            sealedSecret: null,
          })
        })
      }

      it('confirmation, move, cancellation and reminder of the one visit are one calendar entry', () => {
        const uids = Object.keys(CALENDAR).map((kind) => {
          const { mail } = delivered(kind as MailKind, locale)
          return icsValue(calendarPart(mail)?.content.toString('utf8') ?? '', 'UID')
        })
        expect(uids).toHaveLength(4)
        expect(new Set(uids)).toEqual(new Set([visitUid(SAMPLE_ORDER, HOST)]))
      })
    })
  }

  it('the structure check tells a rendered mail from its text alone: no renderer, text/plain', async () => {
    const sample = sampleTemplates(company, 'en').find((s) => s.kind === 'reminder')
    if (!sample) throw new Error('no reminder sample')
    const to = 'unrendered@example.com'
    const id = await queued(to, {
      channel: 'email',
      subject: 'Reminder',
      body: 'Your visit {{secret}}',
      secret: 'PlainZq7',
      companyId: company.id,
      template: sample.template,
    })
    expect(await notifier(false).deliverQueued(id)).toBe(true)
    const mail = receivedBy(to)
    expect(mail && shape(mimeTree(mail.raw))).toBe('text/plain')
    expect(mail?.parsed.text?.trim()).toBe('Your visit PlainZq7')
    const rows = await database.db
      .select({ status: notifications.status })
      .from(notifications)
      .where(eq(notifications.id, id))
    expect(rows).toEqual([{ status: 'sent' }])
  })
})
