import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '#server/db/client.ts'
import {
  accounts,
  appointments,
  companies,
  notifications,
  tokens,
} from '#server/db/schema/index.ts'
import { issueToken } from '#server/services/auth/index.ts'
import { openFeed } from '#server/test/agenda-feed.ts'
import { COMPANY, setClock } from '#server/test/appointments.ts'
import { freshDatabase } from '#server/test/harness.ts'
import { type Instance, stallingSmtp, startInstance, until } from '#server/test/instances.ts'

/**
 * Two API instances (two processes) on one PostgreSQL, as docs/decisions/036-several-api-instances.md
 * runs them: nothing that decides an answer lives in one process's memory. PostgreSQL only
 * (TEST_DATABASE_URL): PGlite is one process, so these do not apply there.
 */
const server = process.env.TEST_DATABASE_URL
const NOW = '2027-04-26T12:00:00Z'
type Days = Record<string, { m_tabres: { m_id: string; m_event: unknown[] }[] }>

describe.skipIf(!server)('several API instances on one PostgreSQL', () => {
  let dropDatabase: () => Promise<void> = async () => undefined
  let database: Database
  let smtp: Awaited<ReturnType<typeof stallingSmtp>>
  let a: Instance
  let b: Instance
  let companyId = 0

  const call = async (
    instance: Instance,
    path: string,
    init: { bearer?: string; json?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { company: COMPANY, ...init.headers }
    if (init.bearer) headers.authorization = `Bearer ${init.bearer}`
    if (init.json !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(`${instance.url}${path}`, {
      method: init.json === undefined ? 'GET' : 'POST',
      headers,
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    })
    const text = await response.text()
    return {
      status: response.status,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    }
  }
  const customers = async (prefix: string, count: number) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      companyId,
      id: `${prefix}${i}`,
      kind: 'customer' as const,
      email: `${prefix}${i}@example.com`,
    }))
    await database.db.insert(accounts).values(rows)
    return Promise.all(
      rows.map(async (row) => {
        const issued = await issueToken(database.db, {
          companyId,
          kind: 'customer',
          subjectId: row.id,
        })
        return issued.token
      }),
    )
  }
  const hold = (instance: Instance, bearer: string, start: string, end: string) =>
    call(instance, '/api/appointments', {
      bearer,
      json: { shopid: 's1', serviceid: 'cut', start, end, myAppointment: { employeeId: 'alice' } },
    })
  const aliceEvents = async (instance: Instance, day: string) => {
    const answer = await call(
      instance,
      `/api/appointments?shopId=s1&servicesId=cut&start=${day}&end=${day}`,
    )
    expect(answer.status).toBe(200)
    return (answer.body as Days)[day]?.m_tabres.find((e) => e.m_id === 'alice')?.m_event
  }

  /** The e-mail jobs as pg-boss keeps them. */
  const sendJobs = async () => {
    const result = await database.db.execute(
      sql`select state, retry_count from pgboss.job where name = 'send-notification'`,
    )
    return (result as unknown as { rows: { state: string; retry_count: number }[] }).rows
  }

  beforeAll(async () => {
    // the instances run on this clock too (TEST_NOW): bearers issued here must be valid there
    setClock(NOW)
    const fresh = await freshDatabase()
    dropDatabase = fresh.drop
    smtp = await stallingSmtp()
    const env = {
      DATABASE_URL: fresh.url ?? '',
      TEST_NOW: NOW,
      TRUST_PROXY: '127.0.0.1',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      JOBS_POLL_SECONDS: '0.5',
      JOBS_EXPIRE_SECONDS: '3',
      JOBS_MAINTENANCE_SECONDS: '1',
      JOBS_RETRY_SECONDS: '1',
      AVAILABILITY_CACHE_MS: '60000',
    }
    // started together on an empty database: the start lock makes one migrate and seed
    ;[a, b] = await Promise.all([startInstance(env), startInstance(env)])
    database = await createDatabase({ url: fresh.url })
    const [company] = await database.db.select().from(companies).where(eq(companies.token, COMPANY))
    companyId = company?.id ?? 0
  }, 240_000)
  afterAll(async () => {
    setClock(undefined)
    await Promise.all([a?.stop(), b?.stop()])
    smtp?.close()
    await database?.close()
    await dropDatabase()
  }, 60_000)

  it('50 parallel holds of one slot through both instances: exactly one is granted', async () => {
    const bearers = await customers('race', 50)
    const answers = await Promise.all(
      bearers.map((bearer, i) =>
        hold(i % 2 === 0 ? a : b, bearer, '2027-04-28T09:00', '2027-04-28T10:00'),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(49)
    const held = await database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.employeeId, 'alice'), eq(appointments.status, 'hold')))
    expect(
      held.filter((row) => row.startsAt.toISOString() === '2027-04-28T07:00:00.000Z'),
    ).toHaveLength(1)
  })

  it('a hold through one instance shows in the other’s next availability answer (cache on)', async () => {
    const [bearer = ''] = await customers('seen', 1)
    const day = '2027-04-29'
    expect(await aliceEvents(b, day)).toEqual([])
    // b now holds that answer for a minute (AVAILABILITY_CACHE_MS); a's write must make it forget
    expect(await aliceEvents(b, day)).toEqual([])
    expect((await hold(a, bearer, `${day}T09:00`, `${day}T10:00`)).status).toBe(200)
    // a answers once the notice is sent; b handles it when its event loop gets to it (decision
    // 036, what remains), which on a loaded machine can come after the next request: within
    // 2 s, far inside the minute the answer would otherwise live
    await expect.poll(() => aliceEvents(b, day), { timeout: 2_000 }).toHaveLength(1)
  })

  it('a hold through one instance reaches a live agenda stream of the other within 2 s', async () => {
    // a company user of the shop, watching its agenda through b (docs/decisions/075-studio-live-agenda.md)
    await database.db
      .insert(accounts)
      .values({ companyId, id: 'desk', kind: 'provider', email: 'desk@example.com' })
    const staff = await issueToken(database.db, { companyId, kind: 'provider', subjectId: 'desk' })
    const stream = await openFeed(b.url, { company: COMPANY, bearer: staff.token, shopId: 's1' })
    try {
      await stream.next((e) => e.type === 'ready')
      const [bearer = ''] = await customers('watched', 1)
      const sent = Date.now()
      expect((await hold(a, bearer, '2027-04-30T09:00', '2027-04-30T10:00')).status).toBe(200)
      const heard = await stream.next(
        (e) => e.type === 'changed' && e.days.includes('2027-04-30'),
        2_000,
      )
      expect(Date.now() - sent).toBeLessThan(2_000)
      // notices heard within one batch (50 ms) go out as one event, so a late notice of an
      // earlier test's write can share it: the day must be there, not alone
      expect(heard).toMatchObject({ shopId: 's1', days: expect.arrayContaining(['2027-04-30']) })
    } finally {
      stream.close()
    }
  })

  it('a login lockout through one instance holds in the other', async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address })
    const login = (instance: Instance, password: string, address: string) =>
      call(instance, '/api/users/login', {
        json: { email: 'camille@example.com', password },
        headers: from(address),
      })
    for (let i = 0; i < 5; i += 1) {
      expect((await login(a, 'wrong', '198.51.100.7')).status).toBe(200)
    }
    expect((await login(b, 'booking-password-1', '198.51.100.7')).status).toBe(429)
    expect((await login(b, 'booking-password-1', '198.51.100.8')).status).toBe(200)
  })

  it('a logout through one instance ends the session the other had just resolved (decision 046)', async () => {
    const [bearer = ''] = await customers('leaving', 1)
    const me = (instance: Instance) => call(instance, '/api/users/me', { bearer })
    expect((await me(b)).status).toBe(200)
    expect((await me(b)).status).toBe(200)
    expect((await call(a, '/api/users/logout', { bearer, json: {} })).status).toBe(200)
    // b forgets the session when its event loop reads the notice (decision 036): within 2 s,
    // far inside the minute it would otherwise keep it (SESSION_CACHE_MS)
    await expect
      .poll(async () => (await me(b)).body, { timeout: 2_000 })
      .toMatchObject({ type: 'invalidToken' })
    expect(await me(b)).toMatchObject({ status: 401, body: { type: 'invalidToken' } })
    expect(await me(a)).toMatchObject({ status: 401, body: { type: 'invalidToken' } })
  })

  it('sessions deleted behind the API’s back end on both instances (the database’s notice)', async () => {
    // 101 accounts in one statement: past 100 the notice names the company, not each account
    const [bearer = ''] = await customers('revoked', 101)
    const me = (instance: Instance) => call(instance, '/api/users/me', { bearer })
    expect((await me(a)).status).toBe(200)
    expect((await me(b)).status).toBe(200)
    await database.db.delete(tokens).where(like(tokens.subjectId, 'revoked%'))
    // the notice leaves at commit; the instances hear it within milliseconds, not a lifetime
    await expect.poll(async () => (await me(a)).status, { timeout: 2_000 }).toBe(401)
    await expect.poll(async () => (await me(b)).status, { timeout: 2_000 }).toBe(401)
  })

  it('an e-mail job whose instance is killed mid-send runs once, on the other', async () => {
    const to = 'crash@example.com'
    expect(
      (await call(a, '/api/test/queue-mail', { json: { to, body: 'one and only' } })).status,
    ).toBe(200)
    // the instance that took the job is stuck on the SMTP server's silence
    await until(() => smtp.connections() === 1)
    const sending = (instance: Instance) =>
      instance.logs.some((line) => line.includes(`notify email to ${to} via smtp`))
    await until(() => sending(a) || sending(b))
    const [taker, other] = sending(a) ? [a, b] : [b, a]
    expect(await sendJobs()).toEqual([{ state: 'active', retry_count: 0 }])
    await taker.stop('SIGKILL')

    // after the job's expiry the survivor runs it again, and only it
    await until(() => smtp.messages.length === 1, 60_000)
    await until(async () => {
      const [row] = await database.db
        .select()
        .from(notifications)
        .where(eq(notifications.recipient, to))
      return row?.sentAt !== null && row?.transport === 'smtp'
    })
    // the dead instance's claim counted one attempt; the survivor's, after it lapsed, the other
    const [sent] = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, to))
    expect(sent).toMatchObject({ status: 'sent', provider: 'smtp', attempts: 2 })
    expect(sending(other)).toBe(true)
    expect(smtp.messages[0]).toContain('one and only')
    // the job is completed just after the row is marked sent: under load, a poll later
    await expect
      .poll(sendJobs, { timeout: 10_000 })
      .toEqual([{ state: 'completed', retry_count: 1 }])
    // a relay pass and a few polls later, still one message
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    expect(smtp.messages).toHaveLength(1)
  }, 120_000)
})
