import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '#server/db/client.ts'
import {
  appointments,
  carts,
  companies,
  notifications,
  webhookDeliveries,
} from '#server/db/schema/index.ts'
import { freshDatabase, startTestApi, type TestApi } from '#server/test/harness.ts'
import { until } from '#server/test/instances.ts'
import { startSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts'

/**
 * docs/decisions/086-database-routing.md: the background work of a database companies are placed
 * in (DATABASE_URLS) runs on that database: its outbox's messages, its publish events and its
 * lapsed holds. A request of a placed company hands its writes to its database's notifier and
 * publisher, so they leave at once, not at a later sweep. PostgreSQL only: skipped on PGlite.
 */

const server = process.env.TEST_DATABASE_URL
let t: TestApi
let second: { url: string | undefined; drop(): Promise<void> }
let direct: Database
let smtp: TestSmtpServer
let receiver: Server
const received: { host: string; kind: string }[] = []
let adminBearer = ''
let placed = { token: '', id: -1 }
/** Faster than any schedule: what is asserted within it was handed over by the request itself. */
const AT_ONCE_MS = 10_000

const readBody = async (req: IncomingMessage) => {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  return text
}

beforeAll(async () => {
  if (!server) return
  second = await freshDatabase()
  if (!second.url) throw new Error('no second database')
  smtp = await startSmtpServer()
  receiver = createServer(async (req, res) => {
    received.push(JSON.parse(await readBody(req)) as { host: string; kind: string })
    res.writeHead(204).end()
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
  t = await startTestApi({
    config: {
      databaseUrls: new Map([['second', second.url]]),
      smtpUrl: smtp.url,
      mailFrom: 'Storefront <no-reply@mail.storefront.test>',
      publishWebhookUrls: [hook],
      publishWebhookSecret: 'a secret of the loops test',
    },
    // an idle publish loop polls seldom: an event delivered sooner was handed to its loop
    webhooks: { pollMs: 120_000 },
  })
  direct = await createDatabase({ url: second.url, poolMax: 2 })
  const registered = await t.call('/api/admins/register', {
    json: { email: 'admin@platform.example', password: 'admin password' },
  })
  adminBearer = (registered.body as { token: string }).token
  const made = await t.call('/api/companies', {
    bearer: adminBearer,
    json: {
      host: 'placed.localhost',
      name: 'Placed',
      languages: ['fr'],
      shop: { name: 'shop of placed' },
      owner: { email: 'owner@placed.localhost', firstname: 'Owner', lastname: 'Placed' },
      database: 'second',
    },
  })
  expect(made.status).toBe(200)
  const [row] = await t.db.select().from(companies).where(eq(companies.host, 'placed.localhost'))
  placed = { token: (made.body as { token: string }).token, id: row?.id ?? -1 }
}, 120_000)
afterAll(async () => {
  if (!server) return
  await direct?.close()
  await t?.close()
  await second?.drop()
  await smtp?.close()
  receiver?.close()
})

describe.skipIf(!server)('the background work of a placed company’s database', () => {
  it('delivers a customer’s sign-up code from the placed database’s outbox', async () => {
    const body = { email: 'cleo@example.com', phone: '+33612345678', password: 'a long password' }
    const call = (step: number) =>
      t.call(`/api/users/register/steps/${step}`, { company: placed.token, json: body })
    expect((await call(1)).status).toBe(200)
    expect((await call(2)).status).toBe(200)
    await until(
      () => smtp.received.some((mail) => mail.recipients.includes(body.email)),
      AT_ONCE_MS,
    )
    const mail = smtp.received.find((one) => one.recipients.includes(body.email))
    expect(mail?.parsed.text).toMatch(/\b\d{6}\b/)
    // written and marked sent in the placed database; the directory's outbox never had it
    const rows = await direct.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, body.email))
    expect(rows.map((row) => row.transport)).toEqual(['smtp'])
    const inMain = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, body.email))
    expect(inMain).toEqual([])
  }, 60_000)

  it('delivers a placed company’s publish event to the webhook receiver', async () => {
    const owner = await ownerSession()
    const settings = (await t.call('/api/companies/me', { company: placed.token })).body as Record<
      string,
      unknown
    >
    const { token: _token, ...rest } = settings
    const renamed = { ...rest, identity: { ...(rest.identity as object), displayName: 'Placée' } }
    const before = received.filter((event) => event.host === 'placed.localhost').length
    const put = await t.call(`/api/companies/${placed.token}`, {
      method: 'PUT',
      company: placed.token,
      bearer: owner,
      json: renamed,
    })
    expect(put.status).toBe(200)
    await until(
      () => received.filter((event) => event.host === 'placed.localhost').length > before,
      AT_ONCE_MS,
    )
    // the loop marks a delivery once the receiver has answered: a moment after it heard it
    const delivered = async () => {
      const rows = await direct.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.companyId, placed.id))
      return rows.length > 0 && rows.every((row) => row.deliveredAt instanceof Date)
    }
    await until(delivered, AT_ONCE_MS)
    expect(await delivered()).toBe(true)
  }, 60_000)

  it('sweeps a lapsed hold of the placed database', async () => {
    const [cart] = await direct.db
      .insert(carts)
      .values({ companyId: placed.id, purpose: 'booking', shopId: 'shop' })
      .returning()
    const past = new Date(Date.now() - 60_000)
    const [hold] = await direct.db
      .insert(appointments)
      .values({
        companyId: placed.id,
        cartId: cart?.id ?? '',
        shopId: 'shop',
        serviceId: 'service',
        employeeId: 'employee',
        startsAt: new Date(Date.now() + 86_400_000),
        endsAt: new Date(Date.now() + 86_400_000 + 3_600_000),
        localStart: '2030-01-01T10:00',
        localEnd: '2030-01-01T11:00',
        timeZone: 'Europe/Paris',
        expiresAt: past,
        priceCents: 1000,
      })
      .returning()
    // the sweep's schedule, fired now rather than at the minute: the job goes into the placed
    // database's own queue, which only that database's worker takes
    const boss = new PgBoss({
      connectionString: second.url ?? '',
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      migrate: false,
    })
    await boss.start()
    await boss.send('expire-holds', {})
    await boss.stop({ graceful: false, wait: true })
    const status = async () => {
      const [row] = await direct.db
        .select()
        .from(appointments)
        .where(and(eq(appointments.companyId, placed.id), eq(appointments.id, hold?.id ?? '')))
      return row?.status
    }
    await until(async () => (await status()) === 'cancelled', 40_000)
  }, 60_000)
})

/** The placed owner's password set through the invitation (sent from main's outbox), then a session. */
async function ownerSession(): Promise<string> {
  const email = 'owner@placed.localhost'
  await until(() => smtp.received.some((mail) => mail.recipients.includes(email)))
  const mail = smtp.received.find((one) => one.recipients.includes(email))
  const invite = /invite=([A-Za-z0-9_-]{43})/.exec(mail?.parsed.text ?? '')?.[1]
  const put = { method: 'PUT', company: placed.token, json: { password: 'owner password' } }
  expect((await t.call(`/api/cmpusers/token/${invite}`, put)).status).toBe(200)
  const login = await t.call('/api/cmpusers/login', {
    company: placed.token,
    json: { email, password: 'owner password' },
  })
  return (login.body as { token: string }).token
}
