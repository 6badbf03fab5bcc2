import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications } from '#server/db/schema/index.ts'
import { fakeSmtp } from '#server/test/fake-smtp.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { readMessages } from '#server/test/messages.ts'
import { createNotifier, DEVELOPMENT_NOTIFIER_LINE, queueMessage, SECRET } from './index.ts'
import { parseSmtpUrl } from './smtp.ts'

let t: TestApi
beforeAll(async () => {
  t = await startTestApi({ seedFrom: false })
})
afterAll(() => t.close())

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
    const smtp = await fakeSmtp()
    try {
      const logs: string[] = []
      const notifier = createNotifier({
        db: t.db,
        log: (line) => logs.push(line),
        smtp: parseSmtpUrl(`smtp://user:pa%40ss@127.0.0.1:${smtp.port}`, 'shop@example.com'),
      })
      const token = 'Zq3v_tok-en0123456789abcdefghijklmnopqrstu'
      await notifier.send({
        channel: 'email',
        to: 'camille@example.com',
        subject: 'Réinitialisation',
        body: `Bonjour,\n.\nVotre lien : http://x/reset/${SECRET}`,
        secret: token,
      })
      const session = smtp.sessions[0] ?? ''
      expect(session).toContain('MAIL FROM:<shop@example.com>')
      expect(session).toContain('RCPT TO:<camille@example.com>')
      expect(session).toContain(`AUTH PLAIN ${Buffer.from('\0user\0pa@ss').toString('base64')}`)
      expect(session).toContain(`Bonjour,\r\n..\r\nVotre lien : http://x/reset/${token}`) // dot-stuffed
      const [row] = await rowsTo('camille@example.com')
      expect(row?.transport).toBe('smtp')
      expect(row?.sentAt).toBeInstanceOf(Date)
      expect(row?.sealedSecret).toBeNull()
      expect(JSON.stringify(row)).not.toContain(token)
      expect(logs.join('\n')).not.toContain(token)
    } finally {
      smtp.server.close()
    }
  })

  it('keeps the message, secret sealed, and reports a failure when the SMTP server is down', async () => {
    const notifier = createNotifier({
      db: t.db,
      log: () => undefined,
      smtp: parseSmtpUrl('smtp://127.0.0.1:1', 'shop@example.com'),
    })
    await expect(
      notifier.send({
        channel: 'email',
        to: 'down@example.com',
        subject: 's',
        body: `b ${SECRET}`,
        secret: 'VOUCHER-1',
      }),
    ).rejects.toMatchObject({ status: 502, type: 'notificationFailed' })
    const [row] = await rowsTo('down@example.com')
    expect(row?.error).toMatch(/ECONNREFUSED/)
    expect(row?.sealedSecret).toMatch(/^v1\./)
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
    expect(await notifier.relayQueued({ force: true })).toBe(0)
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
    expect(await notifier.relayQueued({ force: true })).toBe(0)
    expect(logs).toEqual([])
  })
})
