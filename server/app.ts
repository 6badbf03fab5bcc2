import { Hono } from 'hono'
import { type AgendaFeed, createAgendaFeed } from '#server/cluster/agenda-feed.ts'
import { type Bus, localBus } from '#server/cluster/bus.ts'
import {
  sharedAvailability,
  sharedCompanies,
  sharedSessions,
} from '#server/cluster/shared-caches.ts'
import type { Db } from '#server/db/client.ts'
import { type DatabaseDirectory, MAIN_DATABASE, singleDatabase } from '#server/db/directory.ts'
import { apiHeaders } from '#server/http/api-headers.ts'
import {
  createCompanyResolver,
  type DatabaseServices,
  isCompanyHost,
  resolveCompany,
} from '#server/http/company.ts'
import { compressJson } from '#server/http/compress.ts'
import { errorResponse, handleError } from '#server/http/errors.ts'
import { requestLog } from '#server/http/request-log.ts'
import type { ApiApp, AppDeps, AppEnv } from '#server/http/types.ts'
import type { Subject } from '#server/kernel/index.ts'
import { clock, Refusal, withinUnit } from '#server/kernel/index.ts'
import { registerRoutes } from '#server/routes/index.ts'
import { createSessionCache } from '#server/services/auth/index.ts'
import {
  type AvailabilityCache,
  createAvailabilityCache,
  setCalendarKey,
  setManageLinkKey,
} from '#server/services/booking/index.ts'
import { setConsentLinkKey } from '#server/services/consents/index.ts'
import {
  createNotifier,
  NO_SMS,
  type Notifier,
  type SmsTransports,
  setNotificationKey,
} from '#server/services/notifier/index.ts'
import { providePurpose, setKeyStoreKey } from '#server/services/payments/index.ts'
import { reschedulePurpose } from '#server/services/visits/index.ts'
import { createPublisher, type Publisher } from '#server/services/webhooks/index.ts'
import type { Config } from './config.ts'

export interface AppOptions {
  readonly db: Db
  readonly config: Config
  /**
   * Defaults to the outbox notifier without transports (messages kept, or printed in
   * development): startApi gives the one with SMTP, since it owns the SMTP pool's lifetime.
   */
  readonly notifier?: Notifier
  /** Which provider carries each company's SMS (default: none). */
  readonly sms?: SmsTransports
  /** Defaults to a publisher whose loop is not started (the caller owns its lifecycle). */
  readonly publisher?: Publisher
  /** Extra routes, registered after the app's own (tests register probe calls here). */
  readonly extend?: ((app: ApiApp) => void) | undefined
  /** Tells the other API instances what to forget (default: none, one process). */
  readonly bus?: Bus
  /** Wakes the waitlist job after a request freed a slot somebody waits for (server/cluster/jobs.ts). */
  readonly wakeWaitlist?: () => Promise<void>
  /** The availability cache, shared with the jobs that book (default: one of the app's own). */
  readonly availability?: AvailabilityCache
  /** The live agenda's streams, ended by whoever stops the server (default: one on the bus). */
  readonly agendaFeed?: AgendaFeed
  /** The databases companies are placed in (default: every company in `db`; decision 086). */
  readonly databases?: DatabaseDirectory
  /**
   * The services of each database but `main` (startApi runs their loops); default: for each,
   * a notifier and a publisher bound to it whose loops nobody starts, as `main`'s defaults.
   */
  readonly databaseServices?: ReadonlyMap<string, DatabaseServices>
}

/** The availability cache of one API instance, forgetting across instances through the bus. */
export function instanceAvailability(config: Config, bus: Bus): AvailabilityCache {
  return sharedAvailability(
    createAvailabilityCache(config.availabilityCacheMs, Date.now, () => clock.now().getTime()),
    bus,
  )
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function createApp(options: AppOptions): Hono<AppEnv> {
  const { db, config } = options
  const bus = options.bus ?? localBus()
  setNotificationKey(config.notificationKey)
  setManageLinkKey(config.notificationKey)
  setCalendarKey(config.notificationKey)
  setConsentLinkKey(config.notificationKey)
  setKeyStoreKey(config.notificationKey)
  // a paid move is the visits module's: payments, below it, is handed the handler
  // (docs/decisions/069-server-modules.md)
  providePurpose('reschedule', reschedulePurpose)
  const databases = options.databases ?? singleDatabase(db)
  const wakeWaitlist = options.wakeWaitlist ?? (() => Promise.resolve())
  const deps: AppDeps = {
    db,
    config,
    databases,
    databaseServices: options.databaseServices ?? idleServices(databases, config),
    wakeWaitlist,
    companies: sharedCompanies(createCompanyResolver(db, Date.now, databases), bus),
    notifier: options.notifier ?? idleNotifier(db, config),
    sms: options.sms ?? NO_SMS,
    publisher: options.publisher ?? idlePublisher(db, config),
    availability: options.availability ?? instanceAvailability(config, bus),
    agendaFeed: options.agendaFeed ?? createAgendaFeed(bus),
    sessions: sharedSessions(
      createSessionCache<Subject>({ lifetimeMs: config.sessionCacheMs }),
      bus,
    ),
  }

  const app = new Hono<AppEnv>()
  app.use(requestLog(config.log))
  // outside the headers below, so it compresses the final answer, errors included (decision 026)
  app.use(compressJson())
  // nosniff, no-store and CORS on every answer, preflights and errors included (decision 020).
  app.use(
    apiHeaders({
      backofficeOrigins: config.backofficeOrigins,
      companyHost: (token) =>
        resolveCompany(deps.companies, token).then(
          (company) => company.host,
          () => undefined,
        ),
      isCompanyHost: (host) => isCompanyHost(db, host),
    }),
  )
  app.use(async (c, next) => {
    c.set('deps', deps)
    c.set('group', 'first')
    // what this request's transactions queued or freed (server/kernel/after-commit.ts)
    const marks = await withinUnit(next)
    // decisions 009 and 035: a write may change availability, so the company's cached
    // availability is forgotten, unless the route said precisely what it changed (holds) or
    // that it changed nothing (checks); the company is known once routed
    if (!READS.has(c.req.method) && !c.var.availabilityHandled) {
      deps.availability.invalidate(c.var.company?.id)
    }
    // the other instances are told before the answer leaves (docs/decisions/036-several-api-instances.md)
    await bus.settled()
    // the request's company's database's, once routed (docs/decisions/086-database-routing.md)
    const routed = c.var.deps
    // messages queued inside this request's transactions (gift vouchers) go once it committed
    if (marks.queued) {
      routed.notifier
        .relayQueued()
        .catch((error: unknown) => config.log(`notify relay: ${String(error)}`))
    }
    // slots freed inside this request's transactions go to the waitlist (decision 040)
    if (marks.freed) {
      routed.wakeWaitlist().catch((error: unknown) => config.log(`waitlist wake: ${String(error)}`))
    }
  })
  // The body limit is per route (server/http/route.ts): its 413 has the shape of the call's group.
  app.get('/api/health', (c) => c.json({ ok: true }))
  registerRoutes(app)
  options.extend?.(app)
  app.notFound((c) =>
    errorResponse(
      c,
      new Refusal(404, 'notFound', `No route for ${c.req.method} ${c.req.path}.`),
      'first',
    ),
  )
  app.onError((error, c) => handleError(error, c, c.var.group ?? 'first', config.log))
  return app
}

/** The outbox notifier without transports (messages kept, or printed in development). */
function idleNotifier(db: Db, config: Config): Notifier {
  return createNotifier({ db, log: config.log, development: config.development })
}

/** A publisher whose loop is not started (the caller owns its lifecycle). */
function idlePublisher(db: Db, config: Config): Publisher {
  return createPublisher({
    db,
    urls: config.publishWebhookUrls,
    secret: config.publishWebhookSecret,
    dispatch: config.githubDispatch,
    log: config.log,
  })
}

/** The defaults of each database but `main`: bound to it, nothing running. */
function idleServices(
  databases: DatabaseDirectory,
  config: Config,
): ReadonlyMap<string, DatabaseServices> {
  const services = new Map<string, DatabaseServices>()
  for (const name of databases.names) {
    const db = databases.db(name)
    if (name === MAIN_DATABASE || !db) continue
    services.set(name, {
      notifier: idleNotifier(db, config),
      publisher: idlePublisher(db, config),
      wakeWaitlist: () => Promise.resolve(),
    })
  }
  return services
}
