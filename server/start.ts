import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createAgendaFeed } from '#server/cluster/agenda-feed.ts'
import { type Bus, createPostgresBus, localBus, pgliteBus } from '#server/cluster/bus.ts'
import { type RunningServices, startDatabaseServices } from '#server/cluster/database-services.ts'
import { type Jobs, startJobs } from '#server/cluster/jobs.ts'
import { underStartLock } from '#server/cluster/start-lock.ts'
import { createDatabase, type Database } from '#server/db/client.ts'
import { databaseDirectory, MAIN_DATABASE } from '#server/db/directory.ts'
import { isDatabaseEmpty, seedTenants } from '#server/db/seed.ts'
import { onClientError } from '#server/http/client-error.ts'
import { clock } from '#server/kernel/index.ts'
import { purgeExpiredTokens } from '#server/services/auth/index.ts'
import {
  abortAfterMs,
  createMailTransport,
  createSmsTransports,
  DEVELOPMENT_NOTIFICATION_KEY,
  mailSettingsOf,
} from '#server/services/notifier/index.ts'
import type { PublisherOptions } from '#server/services/webhooks/index.ts'
import { type AppOptions, createApp, instanceAvailability } from './app.ts'
import type { Config } from './config.ts'

export interface StartOptions {
  /** Seed from this folder when the database is empty (default config.tenantsDir; false: never). */
  readonly seedFrom?: string | false
  /** Delivery loop tuning, for tests that cannot wait minutes for a retry. */
  readonly webhooks?: Pick<PublisherOptions, 'baseDelayMs' | 'maxDelayMs' | 'pollMs' | 'timeoutMs'>
  readonly extend?: AppOptions['extend']
  /** Which provider carries each company's SMS (tests: a fake provider). */
  readonly sms?: AppOptions['sms']
  /** PGlite only: the database starts from this data directory tarball (DatabaseOptions). */
  readonly pgliteFrom?: Blob | undefined
}

/**
 * Applies the migrations and seeds the demo tenants into an empty database. The first seed is one
 * transaction: a crash part-way leaves the database empty, so the next start seeds every tenant
 * instead of finding some and skipping the rest (docs/decisions/015-crash-safety.md).
 */
export async function prepareDatabase(
  database: Database,
  seedFrom: string | false,
  log: Config['log'],
  rebaseTo?: Date,
): Promise<void> {
  await database.migrate()
  await purgeExpiredTokens(database.db)
  if (seedFrom !== false && (await isDatabaseEmpty(database.db))) {
    const options = { log, root: seedFrom, ...(rebaseTo ? { rebaseTo } : {}) }
    await database.db.transaction((tx) => seedTenants(tx, options))
  }
}

/**
 * On PostgreSQL every instance listens (docs/decisions/036-several-api-instances.md); PGlite is
 * one process, which hears its database's own notices (docs/decisions/075-studio-live-agenda.md).
 */
function openBus(database: Database, config: Config): Promise<Bus> {
  if (database.listen) return pgliteBus(database.listen)
  if (database.kind !== 'postgres' || !config.databaseUrl) return Promise.resolve(localBus())
  return createPostgresBus({
    url: config.databaseUrl,
    alsoListen: [...config.databaseUrls.values()],
    db: database.db,
    log: config.log,
  })
}

/** How long an idle keep-alive connection stays open (above common load balancers' 60 s). */
const KEEP_ALIVE_MS = 65_000

export interface RunningApi {
  readonly url: string
  readonly port: number
  readonly database: Database
  close(): Promise<void>
}

/**
 * Opens the database, applies the migrations, seeds the demo tenants into an empty database,
 * starts the webhook delivery loop and listens. The start message names the database in use.
 */
export async function startApi(config: Config, options: StartOptions = {}): Promise<RunningApi> {
  if (config.notificationKey.equals(DEVELOPMENT_NOTIFICATION_KEY)) {
    config.log(
      'warning: NOTIFICATION_KEY is not set: message secrets are sealed with the public development key (refused in production)',
    )
  }
  const database = await createDatabase({
    url: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolMax: config.databasePoolMax,
    pgliteFrom: options.pgliteFrom,
    pgliteCache: config.pgliteCacheDir,
  })
  let bus: Bus | undefined
  // each database's own job queue (pg-boss schema in that database), `main`'s first
  const queues = new Map<string, { database: Database; jobs?: Jobs }>()
  const closeAll = async () => {
    for (const { jobs } of queues.values()) await jobs?.stop()
    await Promise.all([...queues.values()].map(({ database: one }) => one.close()))
  }
  try {
    const jobs = await underStartLock(config.databaseUrl, async () => {
      // the configured folder is the product's own: a demo there gets the dates of this week
      // (docs/decisions/108-demo-calendar.md); a folder a test names is seeded as written
      const rebaseTo = options.seedFrom === undefined ? clock.now() : undefined
      await prepareDatabase(database, options.seedFrom ?? config.tenantsDir, config.log, rebaseTo)
      // pg-boss creates its schema and queues here too: two instances doing it at once deadlock
      return startJobs(database, config.databaseUrl, config.jobs, config.log)
    })
    queues.set(MAIN_DATABASE, { database, jobs })
    // the other databases companies may be placed in (docs/decisions/086-database-routing.md)
    for (const [name, url] of config.databaseUrls) {
      const other = await createDatabase({ url, poolMax: config.databasePoolMax })
      const entry: { database: Database; jobs?: Jobs } = { database: other }
      queues.set(name, entry)
      entry.jobs = await underStartLock(url, async () => {
        await other.migrate()
        return startJobs(other, url, config.jobs, config.log)
      })
    }
    bus = await openBus(database, config)
  } catch (error) {
    await closeAll()
    if (!queues.has(MAIN_DATABASE)) await database.close()
    throw error
  }
  const mailSettings = mailSettingsOf(config)
  const mail = mailSettings && createMailTransport(mailSettings)
  // the providers the environment configures (decision 055); the same for the sign-up's codes.
  // A provider call ends before its claim on the row lapses, so a retry never runs beside it.
  const smsTimeoutMs = Math.min(10_000, abortAfterMs(config.jobs.expireSeconds))
  const sms = options.sms ?? createSmsTransports(process.env, { timeoutMs: smsTimeoutMs })
  // one cache for the requests and the jobs that book (waitlist offers), shared through the bus
  const availability = instanceAvailability(config, bus)
  // Lapsed holds, unpaid carts, queued messages and publish events of each database are worked
  // by that database's own services (server/cluster/database-services.ts), run once by any instance.
  const shared = { config, mail, sms, availability, webhooks: options.webhooks }
  const services = new Map<string, RunningServices>()
  try {
    for (const [name, { database: one, jobs }] of queues) {
      if (jobs) services.set(name, await startDatabaseServices(one, jobs, shared))
    }
  } catch (error) {
    for (const running of services.values()) await running.publisher.stop()
    mail?.close()
    await bus.close()
    await closeAll()
    throw error
  }
  const main = services.get(MAIN_DATABASE)
  if (!main) throw new Error('start: no services for main')
  const others = new Map([...queues].filter(([name]) => name !== MAIN_DATABASE))
  // the studio's live agenda streams: ended first at close, or the server would wait for them
  const agendaFeed = createAgendaFeed(bus)
  const app = createApp({
    agendaFeed,
    databases: databaseDirectory(
      database.db,
      new Map([...others].map(([name, entry]) => [name, entry.database])),
    ),
    databaseServices: new Map([...services].filter(([name]) => name !== MAIN_DATABASE)),
    availability,
    db: database.db,
    config,
    publisher: main.publisher,
    notifier: main.notifier,
    bus,
    extend: options.extend,
    sms,
    wakeWaitlist: () => main.wakeWaitlist(),
  })

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const created = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(created),
    )
    created.once('error', reject)
  })
  // Requests Node refuses before routing answer in the normalised error shape (docs/product/8-errors.md).
  server.on('clientError', onClientError(config.log))
  // An idle keep-alive socket outlives the callers' own idle limits (a load balancer's 60 s, a
  // fetch client's 4 s): with Node's 5 s, a caller whose timer ran late (a busy event loop) sent
  // its next request on a socket the server was closing, and got ECONNRESET. Headers must be
  // allowed a little longer than the idle wait (Node's own rule).
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS
    server.headersTimeout = KEEP_ALIVE_MS + 1_000
  }
  const port = (server.address() as AddressInfo).port
  const url = `http://${config.host}:${port}`
  config.log(`API listening on ${url} (database: ${database.description})`)

  let closing: Promise<void> | undefined
  return {
    url,
    port,
    database,
    close() {
      closing ??= (async () => {
        // Stop taking requests (and end idle keep-alive sockets), then stop the loop, then the db.
        agendaFeed.close()
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          if ('closeIdleConnections' in server) server.closeIdleConnections()
        })
        for (const running of services.values()) await running.stop()
        // after the jobs: no send is left that needs a pooled SMTP connection
        mail?.close()
        await bus?.close()
        await Promise.all([...queues.values()].map(({ database: one }) => one.close()))
      })()
      return closing
    },
  }
}
