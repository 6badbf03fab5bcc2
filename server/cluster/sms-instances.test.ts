import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '#server/db/client.ts'
import { notifications, undeliverableContacts } from '#server/db/schema/index.ts'
import {
  type SmsProviderStub,
  startSmsProviderStub,
} from '#server/services/notifier/sms/testing/provider-stub.ts'
import { COMPANY } from '#server/test/appointments.ts'
import { freshDatabase } from '#server/test/harness.ts'
import { type Instance, startInstance, until } from '#server/test/instances.ts'
import { companyRow, patchBooker } from '#server/test/orders.ts'

/**
 * SMS on two API instances (two processes) on one PostgreSQL: a registration code goes through
 * Twilio (the provider stub) by the pg-boss job queue, and survives an outage, a refused number
 * and an instance killed mid-send (docs/decisions/036-several-api-instances.md,
 * 054-messages-on-nodemailer.md, 055-sms-providers.md). PostgreSQL only (TEST_DATABASE_URL):
 * PGlite is one process.
 */
const server = process.env.TEST_DATABASE_URL
const HOST = 'booking.localhost'
const TWILIO = { accountSid: `AC${randomBytes(16).toString('hex')}`, authToken: 'stub-auth-token' }
/** Scripted answers settle within a retry or two; a lapsed claim needs expiry plus maintenance. */
const SETTLES_MS = 60_000

/** What the provider answered one request: undefined when its caller went away first. */
interface ProviderAnswer {
  readonly status: number | undefined
  readonly sid: string | undefined
}

/**
 * An HTTP front for the provider stub that records what the stub answered each request. The
 * stub records a request when it arrives, answered or not; a request it never answered (its
 * caller killed meanwhile) is no message Twilio accepted, and this tells the two apart, with the
 * sid of each accepted message.
 */
async function answersOf(stub: SmsProviderStub) {
  const answers: ProviderAnswer[] = []
  const front = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += String(chunk)
    const gone = new AbortController()
    res.once('close', () => {
      if (!res.writableEnded) gone.abort()
    })
    const headers: Record<string, string> = {}
    for (const name of ['authorization', 'content-type', 'accept']) {
      const value = req.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    try {
      const answer = await fetch(`${stub.url}${req.url ?? '/'}`, {
        method: req.method ?? 'POST',
        headers,
        body,
        signal: gone.signal,
      })
      const text = await answer.text()
      answers.push({ status: answer.status, sid: sidOf(text) })
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(text)
    } catch {
      answers.push({ status: undefined, sid: undefined })
      res.destroy()
    }
  })
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    answers,
    accepted: () => answers.filter((answer) => answer.status === 201),
    close: () =>
      new Promise<void>((resolve) => {
        front.close(() => resolve())
        front.closeAllConnections()
      }),
  }
}

function sidOf(text: string): string | undefined {
  try {
    const { sid } = JSON.parse(text) as { sid?: unknown }
    return typeof sid === 'string' ? sid : undefined
  } catch {
    return undefined
  }
}

describe.skipIf(!server)('SMS through the job queue of two API instances on one PostgreSQL', () => {
  let dropDatabase: () => Promise<void> = async () => undefined
  let database: Database
  let stub: SmsProviderStub
  let provider: Awaited<ReturnType<typeof answersOf>>
  let a: Instance
  let b: Instance
  let companyId = 0

  const call = async (instance: Instance, path: string, json: unknown) => {
    const response = await fetch(`${instance.url}${path}`, {
      method: 'POST',
      headers: { company: COMPANY, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    })
    const text = await response.text()
    return {
      status: response.status,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    }
  }
  /** A sign-up's step 1 (answers its id), then step 2, which queues the SMS code and relays it. */
  const signUp = async (instance: Instance, who: { email: string; phone: string }) => {
    const person = { ...who, password: 'sms-password-1' }
    const one = await call(instance, '/api/users/register/steps/1', person)
    expect(one.status).toBe(200)
    const userID = (one.body as { user: { id: string } }).user.id
    return { userID, two: call(instance, '/api/users/register/steps/2', person) }
  }
  const smsRow = async (phone: string) => {
    const rows = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.channel, 'sms'), eq(notifications.recipient, phone)))
    expect(rows.length).toBeLessThanOrEqual(1)
    return rows[0]
  }
  const settled = (phone: string, status: string) =>
    until(async () => (await smsRow(phone))?.status === status, SETTLES_MS)
  /** The row's job as pg-boss keeps it (one per row: its id is derived from the row's). */
  const jobOf = async (rowId: number) => {
    const result = await database.db.execute(
      sql`select state, retry_count from pgboss.job
          where name = 'send-notification' and data->>'id' = ${String(rowId)}`,
    )
    return (result as unknown as { rows: { state: string; retry_count: number }[] }).rows
  }
  const logged = (text: string) =>
    [...a.logs, ...b.logs].filter((line) => line.includes(text)).length
  /** Long enough for a retry (1 to 2 s after a failure), two polls and a maintenance pass. */
  const quietWhile = () => new Promise((resolve) => setTimeout(resolve, 3_500))

  beforeAll(async () => {
    const fresh = await freshDatabase()
    dropDatabase = fresh.drop
    stub = await startSmsProviderStub({
      twilio: TWILIO,
      vonage: { apiKey: 'unused', apiSecret: 'unused' },
    })
    provider = await answersOf(stub)
    const env = {
      DATABASE_URL: fresh.url ?? '',
      TRUST_PROXY: '127.0.0.1',
      // both instances seal and open the codes with one key (decision 018)
      NOTIFICATION_KEY: randomBytes(32).toString('hex'),
      // no SMTP: these tests are about SMS alone
      SMTP_URL: '',
      // the platform's Twilio account, read at each message (decision 055)
      SMS_PROVIDER: 'twilio',
      SMS_SENDER: 'Booking',
      TWILIO_ACCOUNT_SID: TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: TWILIO.authToken,
      TWILIO_MESSAGING_SERVICE_SID: '',
      TWILIO_API_BASE: provider.url,
      JOBS_POLL_SECONDS: '0.5',
      JOBS_EXPIRE_SECONDS: '3',
      JOBS_MAINTENANCE_SECONDS: '1',
      JOBS_RETRY_SECONDS: '1',
    }
    ;[a, b] = await Promise.all([startInstance(env), startInstance(env)])
    database = await createDatabase({ url: fresh.url })
    // before any request (each instance caches a company once it served it): the SMS code
    // alone, so each sign-up queues one message (decision 057)
    await patchBooker(database.db, HOST, { signupCodes: 'sms' })
    companyId = (await companyRow(database.db, HOST)).id
  }, 240_000)
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await stub?.close()
    await provider?.close()
    await database?.close()
    await dropDatabase()
  }, 60_000)

  it('an outage (500, 429, 500) is retried by the job queue, each try counted; accepted once', async () => {
    const phone = '+33611000001'
    const before = { requests: stub.requests.length, answers: provider.answers.length }
    stub.answerNext('server-error', 'rate-limited', 'server-error')
    const { two } = await signUp(b, { email: 'outage@example.com', phone })
    expect(await two).toMatchObject({
      status: 200,
      body: { requireSMSCode: true, requireEmailCode: false },
    })
    await settled(phone, 'sent')

    const row = await smsRow(phone)
    // four transport calls, one claim each; the three failures were retries of the job
    expect(row).toMatchObject({ transport: 'twilio', provider: 'twilio', attempts: 4 })
    expect(row).toMatchObject({ error: null, statusReason: null, sealedSecret: null })
    const answers = provider.answers.slice(before.answers)
    expect(answers.map((answer) => answer.status)).toEqual([500, 429, 500, 201])
    expect(row?.providerMessageId).toBe(answers[3]?.sid)
    // the row says sent before the queue has recorded its job as completed: a moment later
    await expect
      .poll(() => jobOf(row?.id ?? 0), { timeout: 10_000 })
      .toEqual([{ state: 'completed', retry_count: 3 }])
    expect(logged(`notify sms to ${phone} failed: twilio: twilio 500 20500`)).toBe(2)
    expect(logged(`notify sms to ${phone} failed: twilio: twilio 429 20429`)).toBe(1)
    // the form Twilio takes (decision 055), the same code on every try
    const forms = stub.requests.slice(before.requests).map((request) => request.form)
    expect(forms[3]).toMatchObject({ To: phone, From: 'Booking' })
    expect(forms[3]?.Body).toMatch(/\d{6}/)
    expect(new Set(forms.map((form) => form.Body)).size).toBe(1)

    await quietWhile()
    expect(stub.requests).toHaveLength(before.requests + 4)
    expect(provider.answers).toHaveLength(before.answers + 4)
  }, 120_000)

  it('a number Twilio refuses (21211) is not retried: bounced, one request, noted undeliverable', async () => {
    const phone = '+33611000002'
    const before = stub.requests.length
    stub.answerNext('invalid-number')
    const { two } = await signUp(a, { email: 'refused@example.com', phone })
    expect((await two).status).toBe(200)
    await settled(phone, 'bounced')

    const row = await smsRow(phone)
    expect(row).toMatchObject({
      transport: 'twilio',
      provider: 'twilio',
      providerMessageId: null,
      attempts: 1,
      sealedSecret: null,
    })
    expect(row?.statusReason).toMatch(/^twilio 400 21211: /)
    // a permanent refusal is recorded, not thrown: the job completes without a retry
    await expect
      .poll(() => jobOf(row?.id ?? 0), { timeout: 10_000 })
      .toEqual([{ state: 'completed', retry_count: 0 }])
    const contacts = await database.db
      .select()
      .from(undeliverableContacts)
      .where(eq(undeliverableContacts.contact, phone))
    expect(contacts).toMatchObject([{ companyId, channel: 'sms', notificationId: row?.id }])

    await quietWhile()
    expect(stub.requests.length - before).toBe(1)
  }, 120_000)

  // Last: it kills one of the two instances.
  it('an SMS whose instance is killed mid-send goes from the other, accepted once', async () => {
    const phone = '+33611000003'
    const before = { requests: stub.requests.length, answers: provider.answers.length }
    // Twilio takes the request and does not answer: the sending instance waits on it
    stub.answerNext('hang')
    const { userID, two } = await signUp(a, { email: 'killed@example.com', phone })
    // the request answers when the other instance's poller took the job, else it dies with `a`
    const step2 = two.catch(() => undefined)
    await until(() => stub.requests.length === before.requests + 1)
    const sending = (instance: Instance) =>
      instance.logs.some((line) => line.includes(`notify sms to ${phone} via twilio`))
    await until(() => sending(a) || sending(b))
    const [taker, other] = sending(a) ? [a, b] : [b, a]
    const claimed = await smsRow(phone)
    expect(claimed).toMatchObject({ status: 'queued', transport: 'sending', attempts: 1 })
    expect(await jobOf(claimed?.id ?? 0)).toEqual([{ state: 'active', retry_count: 0 }])
    await taker.stop('SIGKILL')
    await step2

    // after the job's expiry and the claim's lapse the survivor sends it again, and only it
    await settled(phone, 'sent')
    const sent = await smsRow(phone)
    expect(sending(other)).toBe(true)
    expect(sent).toMatchObject({ transport: 'twilio', provider: 'twilio', attempts: 2 })
    await expect
      .poll(() => jobOf(sent?.id ?? 0), { timeout: 10_000 })
      .toEqual([{ state: 'completed', retry_count: 1 }])
    // Decision 054's window left: had Twilio accepted the first request and its answer died with
    // the instance, the customer would get the code twice. Here Twilio never answered it, so
    // two requests reached the provider and exactly one was accepted, the row's.
    const requests = stub.requests.slice(before.requests)
    expect(requests).toHaveLength(2)
    expect(provider.answers.slice(before.answers)).toMatchObject([
      { status: undefined },
      { status: 201 },
    ])
    const accepted = provider.accepted().at(-1)
    expect(sent?.providerMessageId).toBe(accepted?.sid)
    // the same message both times, and the code that arrived opens the account
    expect(requests[1]?.form.Body).toBe(requests[0]?.form.Body)
    const code = /\d{6}/.exec(requests[1]?.form.Body ?? '')?.[0]
    const verified = await call(other, '/api/users/register/verify/code', { userID, code })
    expect(verified).toMatchObject({ status: 200, body: { user: { id: userID } } })

    // a few polls and maintenance passes later, still one accepted message
    await quietWhile()
    expect(stub.requests).toHaveLength(before.requests + 2)
    expect(provider.accepted().filter((answer) => answer.sid === accepted?.sid)).toHaveLength(1)
    expect(provider.answers).toHaveLength(before.answers + 2)
  }, 120_000)
})
