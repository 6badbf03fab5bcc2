import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CompanyRow,
  companies,
  notifications,
  undeliverableContacts,
} from '#server/db/schema/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { createNotifier, type Message, queueMessage, SECRET } from './index.ts'
import type { OutgoingSms, SendOutcome, SmsTransports } from './transports.ts'

/**
 * The notifier's side of SMS providers (the adapters are tested in sms/): which rows go through
 * the company's provider, with what, and what each outcome leaves on the row.
 */
let t: TestApi
let alpha: CompanyRow
let beta: CompanyRow

beforeAll(async () => {
  t = await startTestApi()
  const rows = await t.db.select().from(companies)
  const byHost = (host: string) => rows.find((row) => row.host === host)
  const [a, b] = [byHost('alpha.localhost'), byHost('beta.localhost')]
  if (!a || !b) throw new Error('fixture companies missing')
  ;[alpha, beta] = [a, b]
})
afterAll(() => t.close())

/** A provider for alpha only, answering what `answer` says (or throwing, as an outage). */
function provider(answer: (sms: OutgoingSms) => Promise<SendOutcome>) {
  const sent: OutgoingSms[] = []
  const fake = {
    name: 'fakesms',
    send(sms: OutgoingSms) {
      sent.push(sms)
      return answer(sms)
    },
  }
  const transports: SmsTransports = {
    forCompany: (company) => (company.id === alpha.id ? fake : undefined),
  }
  const logs: string[] = []
  const notifier = createNotifier({ db: t.db, log: (line) => logs.push(line), sms: transports })
  return { notifier, sent, logs }
}
const accepted = async (): Promise<SendOutcome> => ({
  kind: 'sent',
  provider: 'fakesms',
  providerMessageId: 'SM123',
})

async function queued(message: Omit<Message, 'channel' | 'body'>): Promise<number> {
  const body = `Alpha Spa : votre code est ${SECRET}.`
  await t.db.transaction((tx) => queueMessage(tx, { channel: 'sms', body, ...message }))
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

describe('SMS through the company’s provider', () => {
  it('sends the text with its secret and the row’s id as reference; the row records the provider’s id', async () => {
    const { notifier, sent, logs } = provider(accepted)
    const id = await queued({ to: '+33611000001', secret: '550123', companyId: alpha.id })
    expect(await notifier.deliverQueued(id)).toBe(true)
    expect(sent).toEqual([
      { to: '+33611000001', text: 'Alpha Spa : votre code est 550123.', reference: String(id) },
    ])
    expect(await rowOf(id)).toMatchObject({
      status: 'sent',
      transport: 'fakesms',
      provider: 'fakesms',
      providerMessageId: 'SM123',
      attempts: 1,
      sealedSecret: null,
    })
    expect(logs).toEqual(['notify sms to +33611000001 via fakesms'])
    expect(await notifier.deliverQueued(id)).toBe(false)
    expect(sent).toHaveLength(1)
  })

  it('an invalid number: bounced and undeliverable for the company; another refusal: failed; neither retried', async () => {
    const { notifier } = provider(async (sms) => ({
      kind: 'refused',
      provider: 'fakesms',
      reason: sms.to.endsWith('2') ? '21211 invalid number' : '30007 filtered',
      undeliverable: sms.to.endsWith('2'),
    }))
    const invalid = await queued({ to: '+33611000002', secret: '1', companyId: alpha.id })
    const filtered = await queued({ to: '+33611000003', secret: '2', companyId: alpha.id })
    expect(await notifier.deliverQueued(invalid)).toBe(true)
    expect(await notifier.deliverQueued(filtered)).toBe(true)
    expect(await rowOf(invalid)).toMatchObject({
      status: 'bounced',
      statusReason: '21211 invalid number',
      sealedSecret: null,
    })
    expect(await rowOf(filtered)).toMatchObject({ status: 'failed', sealedSecret: null })
    const contacts = await t.db
      .select()
      .from(undeliverableContacts)
      .where(eq(undeliverableContacts.channel, 'sms'))
    expect(contacts).toMatchObject([
      { companyId: alpha.id, contact: '+33611000002', notificationId: invalid },
    ])
  })

  it('a provider outage: the job throws, the row waits sealed; the next attempt sends it once', async () => {
    let down = true
    const { notifier, sent } = provider(async () => {
      if (down) throw new Error('provider 503')
      return accepted()
    })
    const id = await queued({ to: '+33611000004', secret: '770001', companyId: alpha.id })
    await expect(notifier.deliverQueued(id)).rejects.toThrow('provider 503')
    const waiting = await rowOf(id)
    expect(waiting).toMatchObject({ status: 'queued', transport: 'queued', error: 'provider 503' })
    expect(waiting.sealedSecret).toMatch(/^v1\./)
    down = false
    expect(await notifier.deliverQueued(id)).toBe(true)
    expect(sent.map((sms) => sms.text)).toEqual([
      'Alpha Spa : votre code est 770001.',
      'Alpha Spa : votre code est 770001.',
    ])
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, sealedSecret: null })
  })

  it('a company without provider, or no company: kept in the outbox, sealed, as before', async () => {
    const { notifier, sent, logs } = provider(accepted)
    const other = await queued({ to: '+33611000005', secret: '3', companyId: beta.id })
    const none = await queued({ to: '+33611000006', secret: '4' })
    expect(await notifier.deliverQueued(other)).toBe(true)
    expect(await notifier.deliverQueued(none)).toBe(true)
    expect(sent).toEqual([])
    for (const id of [other, none]) {
      const row = await rowOf(id)
      expect(row).toMatchObject({ transport: 'outbox', status: 'queued', attempts: 0 })
      expect(row.sealedSecret).toMatch(/^v1\./)
    }
    expect(logs).toEqual([
      'notify sms to +33611000005: (kept in the outbox, not sent)',
      'notify sms to +33611000006: (kept in the outbox, not sent)',
    ])
  })

  it('an attempt that died holds its row until its claim lapses; then a relay takes it over', async () => {
    const { notifier, sent } = provider(accepted)
    const id = await queued({ to: '+33611000007', secret: '5', companyId: alpha.id })
    // what a process killed mid-send leaves: the row claimed, one attempt counted
    const claimed = { transport: 'sending', attempts: 1 }
    await t.db
      .update(notifications)
      .set({ ...claimed, statusAt: sql`now()` })
      .where(eq(notifications.id, id))
    await expect(notifier.deliverQueued(id)).rejects.toThrow(/being sent/)
    expect(sent).toEqual([])
    await t.db
      .update(notifications)
      .set({ statusAt: sql`now() - interval '2 minutes'` })
      .where(eq(notifications.id, id))
    expect(await notifier.relayQueued()).toBe(1)
    expect(sent).toHaveLength(1)
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 })
  })
})
