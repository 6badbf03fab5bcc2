import { generateKeyPairSync } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { AddressObject } from 'mailparser'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import {
  type CompanyRow,
  companies,
  notifications,
  undeliverableContacts,
} from '#server/db/schema/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { startSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts'
import { createNotifier, type Message, type Notifier, queueMessage, SECRET } from './index.ts'
import { createMailTransport, type MailTransport, mailSettingsOf } from './mail-transport.ts'
import type { MailRenderer } from './transports.ts'

/**
 * E-mail through nodemailer to a real SMTP server started here (smtp-server), read back as a
 * mail client would (mailparser): what arrives, and what the outbox row says after each outcome.
 */
let t: TestApi
let alpha: CompanyRow
const open: { server: TestSmtpServer; mail: MailTransport }[] = []
const MAIL_FROM = 'Storefront <no-reply@mail.storefront.test>'

beforeAll(async () => {
  t = await startTestApi()
  const [company] = await t.db.select().from(companies).where(eq(companies.host, 'alpha.localhost'))
  if (!company) throw new Error('no alpha company')
  alpha = company
})
afterEach(async () => {
  for (const { server, mail } of open.splice(0)) {
    mail.close()
    await server.close()
  }
})
afterAll(() => t.close())

/** A notifier on its own pool to `server`, configured as the API is from its environment. */
function notifierTo(
  server: TestSmtpServer,
  extra: { env?: NodeJS.ProcessEnv; renderMail?: MailRenderer } = {},
): Notifier {
  const config = loadConfig({ SMTP_URL: server.url, MAIL_FROM, ...extra.env })
  const settings = mailSettingsOf(config)
  if (!settings) throw new Error('no SMTP settings')
  const mail = createMailTransport(settings)
  open.push({ server, mail })
  return createNotifier({ db: t.db, log: () => undefined, mail, renderMail: extra.renderMail })
}

async function queued(message: Omit<Message, 'channel'>): Promise<number> {
  await t.db.transaction((tx) => queueMessage(tx, { channel: 'email', ...message }))
  const [row] = await t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.recipient, message.to))
    .orderBy(desc(notifications.id))
    .limit(1)
  if (!row) throw new Error('not queued')
  return row.id
}

async function rowOf(id: number) {
  const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id))
  if (!row) throw new Error(`no row ${id}`)
  return row
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) => object.value)

const CODE = {
  subject: 'Alpha Spa - Votre code',
  body: `Votre code : ${SECRET}`,
  secret: '482913',
} as const

/** A renderer as the templates' engineer would give it, small: HTML, text and a calendar file. */
const renderMail: MailRenderer = async (template, company) => ({
  html: `<p>${company?.nickname ?? '?'} (${template.locale}): <b>${SECRET}</b></p>`,
  text: `Code ${SECRET} (${template.kind})`,
  attachments: [
    {
      filename: 'visit.ics',
      contentType: 'text/calendar',
      content: `BEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nX-CODE:${SECRET}\r\nEND:VCALENDAR\r\n`,
      method: 'CANCEL',
    },
  ],
})

describe('e-mail over SMTP (nodemailer)', () => {
  it('STARTTLS and auth: the company as sender name, text and HTML, the calendar file, the secret in place and then gone', async () => {
    const server = await startSmtpServer({ auth: { user: 'shop@x.fr', password: 'pa:ss w' } })
    const notifier = notifierTo(server, { renderMail })
    const template = { kind: 'cancellation', locale: 'fr', props: {} }
    const id = await queued({ to: 'camille@example.com', companyId: alpha.id, template, ...CODE })

    expect(await notifier.deliverQueued(id)).toBe(true)
    expect(server.received).toHaveLength(1)
    const [mail] = server.received
    expect(mail).toMatchObject({ secure: true, user: 'shop@x.fr' })
    const parsed = mail?.parsed
    expect(addresses(parsed?.from)).toEqual([
      { name: 'Alpha Spa', address: 'no-reply@mail.storefront.test' },
    ])
    expect(addresses(parsed?.to)).toEqual([{ name: '', address: 'camille@example.com' }])
    expect(parsed?.subject).toBe('Alpha Spa - Votre code')
    expect(mail?.raw).toMatch(/^Content-Type: multipart\/alternative;/m)
    expect(parsed?.text?.trim()).toBe('Code 482913 (cancellation)')
    expect(parsed?.html).toBe('<p>alpha (fr): <b>482913</b></p>')
    const calendar = parsed?.attachments.find((a) => a.contentType === 'text/calendar')
    expect(calendar?.headers.get('content-type')).toMatchObject({ params: { method: 'CANCEL' } })
    expect(calendar?.content.toString('utf8')).toContain('X-CODE:482913')

    const row = await rowOf(id)
    expect(parsed?.messageId).toMatch(/^<notification\.\d+\.[0-9a-z]+@mail\.storefront\.test>$/)
    expect(row).toMatchObject({
      status: 'sent',
      transport: 'smtp',
      provider: 'smtp',
      providerMessageId: parsed?.messageId,
      attempts: 1,
      sealedSecret: null,
      error: null,
    })
    expect(row.sentAt).toBeInstanceOf(Date)
    expect(JSON.stringify(row)).not.toContain('482913')
    // delivered: a second job of the row sends nothing
    expect(await notifier.deliverQueued(id)).toBe(false)
    expect(server.received).toHaveLength(1)
  })

  it('implicit TLS, DKIM from the environment: signed for its domain and selector; no template: text only, MAIL_FROM’s own name', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    const env = {
      DKIM_DOMAIN: 'mail.storefront.test',
      DKIM_SELECTOR: 'sel2026',
      DKIM_PRIVATE_KEY: Buffer.from(pem).toString('base64'),
    }
    const server = await startSmtpServer({ secure: true })
    expect(server.url).toMatch(/^smtps:/)
    const id = await queued({ to: 'signed@example.com', subject: 'Hello', body: 'Plain words' })

    expect(await notifierTo(server, { env, renderMail }).deliverQueued(id)).toBe(true)
    const [mail] = server.received
    expect(mail?.secure).toBe(true)
    expect(mail?.raw).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256;[\s\S]*d=mail\.storefront\.test;/)
    expect(mail?.raw).toMatch(/^DKIM-Signature:[\s\S]*\bs=sel2026;/)
    expect(addresses(mail?.parsed.from)).toEqual([
      { name: 'Storefront', address: 'no-reply@mail.storefront.test' },
    ])
    expect(mail?.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m)
    expect(mail?.parsed.html).toBe(false)
    expect(mail?.parsed.text?.trim()).toBe('Plain words')
  })

  it('a template that cannot be rendered: its text goes alone (rendering again would fail again)', async () => {
    const server = await startSmtpServer()
    const broken: MailRenderer = async (template) => {
      throw new Error(`mail: no template for the kind "${template.kind}"`)
    }
    const template = { kind: 'retired-kind', locale: 'fr', props: {} }
    const id = await queued({ to: 'plain@example.com', template, ...CODE })
    expect(await notifierTo(server, { renderMail: broken }).deliverQueued(id)).toBe(true)
    const [mail] = server.received
    expect(mail?.parsed.html).toBe(false)
    expect(mail?.parsed.text?.trim()).toBe('Votre code : 482913')
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1, sealedSecret: null })
  })

  it('a 550 to RCPT TO: bounced, the address undeliverable for the company, the secret gone, no retry', async () => {
    const server = await startSmtpServer()
    server.rcpt = () => ({ code: 550, message: '5.1.1 No such user here' })
    const notifier = notifierTo(server)
    const id = await queued({ to: 'Gone@Example.com', companyId: alpha.id, ...CODE })

    expect(await notifier.deliverQueued(id)).toBe(true)
    expect(server.received).toEqual([])
    const row = await rowOf(id)
    expect(row).toMatchObject({ status: 'bounced', attempts: 1, sealedSecret: null })
    expect(row.statusReason).toMatch(/^550 5\.1\.1 No such user here/)
    const contacts = await t.db
      .select()
      .from(undeliverableContacts)
      .where(eq(undeliverableContacts.notificationId, id))
    expect(contacts).toMatchObject([
      { companyId: alpha.id, channel: 'email', contact: 'gone@example.com' },
    ])
    expect(contacts[0]?.reason).toMatch(/550/)
    expect(await notifier.deliverQueued(id)).toBe(false)
    expect((await rowOf(id)).attempts).toBe(1)
    // a message sent in a request answers the refusal to its caller
    await expect(
      notifier.send({ channel: 'email', to: 'gone@example.com', body: 'x' }),
    ).rejects.toMatchObject({ status: 502, type: 'notificationFailed' })
  })

  it('a 451: still queued with the error, the job retried; the retry sends it once, with the same Message-ID', async () => {
    const server = await startSmtpServer()
    server.data = () => ({ code: 451, message: '4.3.0 Try again later' })
    const notifier = notifierTo(server)
    const id = await queued({ to: 'later@example.com', ...CODE })

    await expect(notifier.deliverQueued(id)).rejects.toThrow(/451 4\.3\.0 Try again later/)
    const waiting = await rowOf(id)
    expect(waiting).toMatchObject({ status: 'queued', transport: 'queued', attempts: 1 })
    expect(waiting.error).toMatch(/451/)
    expect(waiting.statusReason).toMatch(/451/)
    expect(waiting.sealedSecret).toMatch(/^v1\./)

    server.data = () => undefined
    expect(await notifier.deliverQueued(id)).toBe(true)
    expect(await notifier.deliverQueued(id)).toBe(false)
    const [refused, accepted] = server.received
    expect(server.received.map((mail) => mail.accepted)).toEqual([false, true])
    expect(accepted?.parsed.messageId).toBe(refused?.parsed.messageId)
    expect(accepted?.parsed.text).toContain('482913')
    expect(await rowOf(id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      error: null,
      sealedSecret: null,
      providerMessageId: accepted?.parsed.messageId,
    })
  })

  it('the SMTP server down: the job throws, the message stays queued and sealed', async () => {
    const server = await startSmtpServer()
    await server.close()
    const notifier = notifierTo(server)
    const id = await queued({ to: 'down@example.com', ...CODE })
    await expect(notifier.deliverQueued(id)).rejects.toThrow(/ECONNREFUSED/)
    const row = await rowOf(id)
    expect(row).toMatchObject({ status: 'queued', transport: 'queued', attempts: 1 })
    expect(row.error).toMatch(/ECONNREFUSED/)
    expect(row.sealedSecret).toMatch(/^v1\./)
  })

  it('two deliveries of one row at once (two instances): one mail; the other is told it is being sent', async () => {
    const server = await startSmtpServer()
    server.dataDelayMs = 300
    const [a, b] = [notifierTo(server), notifierTo(server)]
    const id = await queued({ to: 'twice@example.com', ...CODE })

    const results = await Promise.allSettled([a.deliverQueued(id), b.deliverQueued(id)])
    expect(results.filter((r) => r.status === 'fulfilled')).toEqual([
      { status: 'fulfilled', value: true },
    ])
    const [rejected] = results.filter((r) => r.status === 'rejected')
    expect(String(rejected?.reason)).toMatch(/being sent/)
    expect(server.received).toHaveLength(1)
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1 })
  })
})
