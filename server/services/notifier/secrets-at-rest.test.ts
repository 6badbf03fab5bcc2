import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import type { Config } from '#server/config.ts'
import { notifications } from '#server/db/schema/index.ts'
import { tableNames } from '#server/test/db-fingerprint.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { readMessages } from '#server/test/messages.ts'
import { enableGifts, paidGift } from '#server/test/orders.ts'
import { relayNow, relayProbe } from '#server/test/relay-probe.ts'
import { type FakeSms, fakeSms } from '#server/test/sms.ts'
import { startSmtpServer } from '#server/test/smtp-server.ts'
import { displayGiftCode } from '../gifts/index.ts'
import { DEVELOPMENT_NOTIFIER_LINE } from './index.ts'

/**
 * Decision 018: after a password reset request, a sign-up's SMS and e-mail codes
 * and a paid voucher, no table holds the reset token or a code in clear, the API's log holds
 * none outside development, and each still reaches its person: printed by the development
 * notifier (which says what it is first), or sent over SMTP (a real server, STARTTLS and auth),
 * after which its secret is gone. The SMS goes through a provider (a fake one: sign-up asks for
 * an SMS code only when a provider carries it), after which its secret is gone too.
 */

const RESET_TO = 'camille@example.com'
const SIGNUP = { email: 'secret.signup@example.com', phone: '+33644556677' }
const VOUCHER_TO = 'secret.voucher@example.com'

interface Secrets {
  readonly resetToken: string
  readonly emailCode: string
  readonly smsCode: string
  /** As stored in `gifts` and as the e-mail writes it (ABCD-EFGH-JKMN). */
  readonly voucher: readonly string[]
}

const running: TestApi[] = []
afterAll(() => Promise.all(running.map((t) => t.close())))

async function start(config: Partial<Config>, sms: FakeSms): Promise<TestApi> {
  const t = await startTestApi({ config, sms: sms.transports, extend: relayProbe })
  running.push(t)
  return t
}

/** The three flows, through the API and the payment's own activation; every message relayed. */
async function issueSecrets(t: TestApi): Promise<{ voucherCode: string }> {
  const reset = await t.call('/api/users/password/reset', {
    company: 'alpha-token',
    json: { email: RESET_TO },
  })
  expect(reset.status).toBe(200)
  const body = { ...SIGNUP, password: 'secret-password-1' }
  const step1 = await t.call('/api/users/register/steps/1', { company: 'alpha-token', json: body })
  expect(step1.status).toBe(200)
  const step2 = await t.call('/api/users/register/steps/2', { company: 'alpha-token', json: body })
  expect(step2.status).toBe(200)
  const company = await enableGifts(t.db, 'alpha.localhost')
  const gift = await paidGift(t.db, company, { email: VOUCHER_TO })
  // activated outside any request (no unit of work to relay it): the minute's sweep, now
  await relayNow(t)
  const until = Date.now() + 10_000
  for (;;) {
    const pending = await t.db.execute(
      sql`select 1 from notifications where transport in ('queued', 'sending')`,
    )
    if (rowCount(pending) === 0) break
    if (Date.now() > until) throw new Error('messages still waiting to be relayed')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { voucherCode: gift.code }
}

/** What the SMS provider carried, by phone number. */
const smsTexts = (sms: FakeSms) => sms.sent.map((m) => [m.to, m.text] as const)

/** The secrets as the persons received them, from `texts` (recipient → what reached them). */
function secretsIn(texts: ReadonlyMap<string, string>, voucherCode: string): Secrets {
  const find = (to: string, pattern: RegExp) => {
    const found = pattern.exec(texts.get(to) ?? '')?.[1]
    if (!found) throw new Error(`nothing matching ${pattern} reached ${to}:\n${texts.get(to)}`)
    return found
  }
  const voucher = [voucherCode, displayGiftCode(voucherCode)]
  // (d) the voucher's code reached its recipient
  expect(texts.get(VOUCHER_TO)).toContain(voucher[1])
  return {
    resetToken: find(RESET_TO, /\/password-reset\/([A-Za-z0-9_-]{43})/),
    emailCode: find(SIGNUP.email, /\b(\d{6})\b/),
    smsCode: find(SIGNUP.phone, /\b(\d{6})\b/),
    voucher,
  }
}

function rowCount(result: unknown): number {
  const rows = Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows
  return rows?.length ?? 0
}

/** A secret as a token of text (a 6-digit code inside a longer number or a timestamp is not it). */
const occurs = (secret: string, text: string) =>
  new RegExp(`(?<![\\w.])${secret.replace(/[-]/g, '\\-')}(?![\\w])`).test(text)

/**
 * Every row of every table of the public schema (read from the catalogue: a table added later is
 * scanned too), as Postgres writes the whole row as text, that contains `secret`: `table: row`.
 */
async function rowsHolding(t: TestApi, secret: string): Promise<string[]> {
  const hits: string[] = []
  for (const name of await tableNames(t.db)) {
    const id = `"${name.replaceAll('"', '""')}"`
    const result = await t.db.execute(sql.raw(`select r::text as row from ${id} r`))
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      row: string
    }[]
    for (const { row } of rows) if (occurs(secret, row)) hits.push(`${name}: ${row}`)
  }
  return hits
}

/** (a) No reset token or code anywhere; a voucher's code only on the voucher itself. */
async function expectNothingInClear(t: TestApi, secrets: Secrets): Promise<void> {
  for (const secret of [secrets.resetToken, secrets.emailCode, secrets.smsCode]) {
    expect(await rowsHolding(t, secret)).toEqual([])
  }
  const [stored, shown] = secrets.voucher
  // the scan sees what is there: the voucher's row holds its code (it is looked up by it)
  expect((await rowsHolding(t, stored ?? '')).map((hit) => hit.split(':')[0])).toEqual(['gifts'])
  expect(await rowsHolding(t, shown ?? '')).toEqual([])
}

const allSecrets = (secrets: Secrets) => [
  secrets.resetToken,
  secrets.emailCode,
  secrets.smsCode,
  ...secrets.voucher,
]

describe('no reset token or code in clear (decision 018)', () => {
  it('outside development: sealed in the outbox, absent from every table and from the log', async () => {
    const sms = fakeSms()
    const t = await start({ development: false }, sms)
    const { voucherCode } = await issueSecrets(t)
    // e-mails not delivered (no SMTP): the outbox keeps them sealed; the key opens them
    const messages = await readMessages(t)
    const texts = new Map(messages.map((m) => [m.recipient, `${m.subject}\n${m.body}`]))
    for (const [to, text] of smsTexts(sms)) texts.set(to, text)
    const secrets = secretsIn(texts, voucherCode)
    const emails = messages.filter((m) => m.channel === 'email')
    expect(emails.length).toBeGreaterThanOrEqual(3)
    for (const { id } of emails) {
      const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id))
      expect(row?.sealedSecret).toMatch(/^v1\./)
    }
    await expectNothingInClear(t, secrets)
    const log = t.logs.join('\n')
    for (const secret of allSecrets(secrets)) expect(occurs(secret, log)).toBe(false)
    expect(log).not.toContain(DEVELOPMENT_NOTIFIER_LINE)
    expect(log).toMatch(
      /^notify email to camille@example\.com: \[[^\]]*\] \(kept in the outbox, not sent\)$/m,
    )
    expect(log).toMatch(/^notify sms to \+33644556677 via fake$/m)
  })

  it('in development: the notifier says what it is first, prints each message, then forgets its secret', async () => {
    const sms = fakeSms()
    const t = await start({ development: true }, sms)
    const { voucherCode } = await issueSecrets(t)
    // (c) its own line, before any message it prints
    const announced = t.logs.indexOf(DEVELOPMENT_NOTIFIER_LINE)
    const firstMessage = t.logs.findIndex((line) => line.startsWith('notify '))
    expect(announced).toBeGreaterThanOrEqual(0)
    expect(announced).toBeLessThan(firstMessage)
    // (d) printed whole: what reached each person is in its line
    const printed = new Map<string, string>()
    for (const line of t.logs) {
      const match = /^notify (?:sms|email) to (\S+): ([\s\S]*)$/.exec(line)
      if (match?.[1] && match[2]) printed.set(match[1], match[2])
    }
    for (const [to, text] of smsTexts(sms)) printed.set(to, text)
    const secrets = secretsIn(printed, voucherCode)
    // (e) delivered: no secret left in the outbox, and none in clear anywhere
    const sealed = await t.db.select({ sealed: notifications.sealedSecret }).from(notifications)
    expect(sealed.length).toBeGreaterThanOrEqual(4)
    expect(sealed.filter((row) => row.sealed !== null)).toEqual([])
    await expectNothingInClear(t, secrets)
  })

  it('with SMTP: the e-mails go out with their secret, which then leaves the database; the log holds none', async () => {
    const smtp = await startSmtpServer({ auth: { user: 'shop', password: 'smtp-password' } })
    try {
      const sms = fakeSms()
      const t = await start({ development: false, smtpUrl: smtp.url }, sms)
      const { voucherCode } = await issueSecrets(t)
      // what each person's mail client shows: subject and text
      const texts = new Map<string, string>()
      for (const { parsed, recipients } of smtp.received) {
        for (const to of recipients) texts.set(to, `${parsed.subject}\n${parsed.text}`)
      }
      for (const [to, text] of smsTexts(sms)) texts.set(to, text)
      const secrets = secretsIn(texts, voucherCode)
      const rows = await t.db.select().from(notifications)
      for (const row of rows) {
        expect(row).toMatchObject({ sealedSecret: null, status: 'sent' })
        expect(row.sentAt).toBeInstanceOf(Date)
      }
      await expectNothingInClear(t, secrets)
      const log = t.logs.join('\n')
      for (const secret of allSecrets(secrets)) expect(occurs(secret, log)).toBe(false)
    } finally {
      await smtp.close()
    }
  })
})
