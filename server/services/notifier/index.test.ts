import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications } from '#server/db/schema/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { readMessages } from '#server/test/messages.ts'
import { startSmtpServer } from '#server/test/smtp-server.ts'
import { createNotifier, DEVELOPMENT_NOTIFIER_LINE, queueMessage, SECRET } from './index.ts'
import { parseMailFrom, parseSmtpUrl } from './mail-settings.ts'
import { createMailTransport } from './mail-transport.ts'

let t: TestApi
beforeAll(async () => {
  t = await startTestApi({ seedFrom: false })
})
afterAll(() => t.close())

const transportTo = (url: string) =>
  createMailTransport({
    server: parseSmtpUrl(url),
    from: parseMailFrom('shop@example.com'),
    poolMax: 1,
  })

const rowsTo = (recipient: string) =>
  t.db.select().from(notifications).where(eq(notifications.recipient, recipient))

describe('notifier', () => {
  it('outside development: the outbox holds the text and the secret sealed, the log only the envelope', async () => {
    const logs: string[] = []
    const notifier = createNotifier({ db: t.db, log: (line) => logs.push(line) })
    await notifier.send({
      channel: 'sms',
      to: '+33612345678',
      body: `Votre code : ${SECRET}`,
      secret: '482913',
    })
    const [row] = await rowsTo('+33612345678')
    expect(row).toMatchObject({
      channel: 'sms',
      body: `Votre code : ${SECRET}`,
      transport: 'outbox',
    })
    expect(row?.sealedSecret).toMatch(/^v1\./)
    expect(JSON.stringify(row)).not.toContain('482913')
    expect(logs).toEqual(['notify sms to +33612345678: (kept in the outbox, not sent)'])
    // not delivered: the secret stays, sealed, for whoever holds the key (the test's helper)
    const [read] = await readMessages(t, eq(notifications.recipient, '+33612345678'))
    expect(read?.body).toBe('Votre code : 482913')
  })

  it('a development notifier says so in its own line first, prints the message whole, then forgets the secret', async () => {
    const logs: string[] = []
    const notifier = createNotifier({ db: t.db, log: (line) => logs.push(line), development: true })
    expect(logs).toEqual([DEVELOPMENT_NOTIFIER_LINE])
    await notifier.send({
      channel: 'email',
      to: 'dev@example.com',
      subject: 'Code',
      body: `Votre code : ${SECRET}`,
      secret: '271828',
    })
    expect(logs).toEqual([
      DEVELOPMENT_NOTIFIER_LINE,
      'notify email to dev@example.com: [Code] Votre code : 271828',
    ])
    const [row] = await rowsTo('dev@example.com')
    expect(row).toMatchObject({ body: `Votre code : ${SECRET}`, sealedSecret: null })
  })

  it('refuses a secret its text does not place, writing nothing', async () => {
    const notifier = createNotifier({ db: t.db, log: () => undefined })
    await expect(
      notifier.send({ channel: 'sms', to: '+33611111111', body: 'Code 123456', secret: '123456' }),
    ).rejects.toThrow(/SECRET/)
    expect(await rowsTo('+33611111111')).toEqual([])
  })

  it('sends emails over SMTP with the secret in place, records that they went, and forgets the secret', async () => {
    const smtp = await startSmtpServer({ auth: { user: 'user', password: 'pa@ss' } })
    const mail = transportTo(smtp.url)
    try {
      const logs: string[] = []
      const notifier = createNotifier({ db: t.db, log: (line) => logs.push(line), mail })
      const token = 'Zq3v_tok-en0123456789abcdefghijklmnopqrstu'
      await notifier.send({
        channel: 'email',
        to: 'camille@example.com',
        subject: 'Réinitialisation',
        body: `Bonjour,\n.\nVotre lien : http://x/reset/${SECRET}`,
        secret: token,
      })
      const [received] = smtp.received
      expect(received).toMatchObject({ user: 'user', recipients: ['camille@example.com'] })
      expect(received?.parsed.subject).toBe('Réinitialisation')
      // a line of one dot goes through as a line of one dot (SMTP dot-stuffing)
      expect(received?.parsed.text).toBe(`Bonjour,\n.\nVotre lien : http://x/reset/${token}\n`)
      const [row] = await rowsTo('camille@example.com')
      expect(row).toMatchObject({ transport: 'smtp', status: 'sent', attempts: 1 })
      expect(row?.sentAt).toBeInstanceOf(Date)
      expect(row?.sealedSecret).toBeNull()
      expect(JSON.stringify(row)).not.toContain(token)
      expect(logs).toEqual(['notify email to camille@example.com via smtp'])
    } finally {
      mail.close()
      await smtp.close()
    }
  })

  it('a send the SMTP server cannot take: 502 to its caller, the row failed with the error, its secret gone (nobody retries it)', async () => {
    const mail = transportTo('smtp://127.0.0.1:1')
    const notifier = createNotifier({ db: t.db, log: () => undefined, mail })
    await expect(
      notifier.send({
        channel: 'email',
        to: 'down@example.com',
        subject: 's',
        body: `b ${SECRET}`,
        secret: 'VOUCHER-1',
      }),
    ).rejects.toMatchObject({ status: 502, type: 'notificationFailed' })
    mail.close()
    const [row] = await rowsTo('down@example.com')
    expect(row).toMatchObject({ status: 'failed', transport: 'smtp', sealedSecret: null })
    expect(row?.error).toMatch(/ECONNREFUSED/)
  })

  it('relays a message queued in a transaction once it committed, exactly once', async () => {
    const logs: string[] = []
    const notifier = createNotifier({ db: t.db, log: (line) => logs.push(line), development: true })
    const voucher = {
      channel: 'email',
      to: 'gift@example.com',
      subject: 'Carte',
      body: `Code : ${SECRET}`,
      secret: 'AB12',
    } as const
    let early: Promise<number> = Promise.resolve(0)
    await t.db.transaction(async (tx) => {
      await queueMessage(tx, voucher)
      // another request's relay while this one is open: it sees nothing yet (PostgreSQL) or
      // waits for the commit (PGlite's one connection); either way the message is not lost
      early = notifier.relayQueued()
      await new Promise((resolve) => setTimeout(resolve, 20))
    })
    const relayed = (await early) + (await notifier.relayQueued())
    expect(relayed).toBe(1)
    expect(await notifier.relayQueued()).toBe(0)
    expect(logs).toEqual([
      DEVELOPMENT_NOTIFIER_LINE,
      'notify email to gift@example.com: [Carte] Code : AB12',
    ])
    const [row] = await rowsTo('gift@example.com')
    expect(row).toMatchObject({ transport: 'outbox', sealedSecret: null })
  })

  it('a rolled-back transaction queues nothing', async () => {
    const logs: string[] = []
    const notifier = createNotifier({ db: t.db, log: (line) => logs.push(line) })
    await t.db
      .transaction(async (tx) => {
        await queueMessage(tx, { channel: 'sms', to: '+33600000000', body: 'never' })
        throw new Error('rollback')
      })
      .catch(() => undefined)
    expect(await notifier.relayQueued()).toBe(0)
    expect(logs).toEqual([])
  })
})
