import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '#server/db/client.ts'
import { notifications } from '#server/db/schema/index.ts'
import {
  createMailTransport,
  createNotifier,
  type MailTransport,
  parseMailFrom,
  parseSmtpUrl,
  queueMessage,
} from '#server/services/notifier/index.ts'
import { freshDatabase } from '#server/test/harness.ts'
import { stallingSmtp, until } from '#server/test/instances.ts'
import { type Jobs, startJobs } from './jobs.ts'

/**
 * The job queue on the database the tests run on: PGlite (npm start, pg-boss through the one
 * connection) or PostgreSQL (TEST_DATABASE_URL).
 */
let drop: () => Promise<void> = async () => undefined
let database: Database
let jobs: Jobs
let smtp: Awaited<ReturnType<typeof stallingSmtp>>
let mail: MailTransport | undefined
const lines: string[] = []

beforeAll(async () => {
  const fresh = await freshDatabase()
  drop = fresh.drop
  database = await createDatabase({ url: fresh.url, pgliteDir: 'memory://' })
  await database.migrate()
  smtp = await stallingSmtp()
  const options = { pollSeconds: 0.5, expireSeconds: 2, maintenanceSeconds: 1, retrySeconds: 0 }
  jobs = await startJobs(database, fresh.url, options, (line) => lines.push(line))
  mail = createMailTransport({
    server: parseSmtpUrl(`smtp://127.0.0.1:${smtp.port}`),
    from: parseMailFrom('shop@example.com'),
    poolMax: 3,
  })
  const notifier = createNotifier({
    db: database.db,
    log: (line) => lines.push(line),
    mail,
    queue: jobs.outbox,
    // as startApi wires it: an attempt gives up before the job would expire
    leaseSeconds: options.expireSeconds,
  })
  await jobs.work(notifier)
}, 120_000)
afterAll(async () => {
  await jobs?.stop()
  mail?.close()
  smtp?.close()
  await database?.close()
  await drop()
})

const queue = (to: string, body: string) =>
  database.db.transaction((tx) => queueMessage(tx, { channel: 'email', to, body }))
const jobStates = async () => {
  const result = await database.db.execute(
    sql`select state, retry_count from pgboss.job where name = 'send-notification' order by created_on`,
  )
  return (result as unknown as { rows: { state: string; retry_count: number }[] }).rows
}

describe('jobs (pg-boss)', () => {
  it('an outbox row enqueued twice is one job; a stalled send gives up and is retried', async () => {
    await queue('first@example.com', 'hello once')
    const [row] = await database.db.select().from(notifications)
    if (!row) throw new Error('no row')
    await jobs.outbox.enqueue([row.id])
    await jobs.outbox.enqueue([row.id])
    expect(await jobStates()).toHaveLength(1)
    // a worker takes it and stalls on the SMTP server's first (silent) connection; the attempt
    // gives up before its claim lapses (the job's expiry) and the retry, on a new connection,
    // delivers it
    await until(() => smtp.messages.length === 1, 60_000)
    expect(smtp.messages[0]).toContain('hello once')
    await until(async () => (await jobStates())[0]?.state === 'completed')
    expect((await jobStates())[0]?.retry_count).toBeGreaterThanOrEqual(1)
    const [sent] = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, row.id))
    expect(sent).toMatchObject({ transport: 'smtp' })
    expect(sent?.sentAt).not.toBeNull()
  }, 90_000)

  it('the sweeps and the relay are scheduled every minute (pg-boss fires each once across instances)', async () => {
    const result = await database.db.execute(
      sql`select name, cron from pgboss.schedule order by name`,
    )
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { name: 'abandon-carts', cron: '* * * * *' },
      { name: 'expire-holds', cron: '* * * * *' },
      { name: 'relay-outbox', cron: '* * * * *' },
      { name: 'send-reminders', cron: '* * * * *' },
      { name: 'waitlist-sweep', cron: '* * * * *' },
    ])
  })

  it('runNow delivers what a request queued, without waiting for a worker', async () => {
    await queue('second@example.com', 'right away')
    const [row] = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, 'second@example.com'))
    await jobs.outbox.enqueue([row?.id ?? 0])
    await jobs.outbox.runNow()
    await until(() => smtp.messages.some((m) => m.includes('right away')))
    expect(smtp.messages.filter((m) => m.includes('right away'))).toHaveLength(1)
  })
})
