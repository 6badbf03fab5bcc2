import type { Context, Hono } from 'hono'
import type { ServiceGroup } from '#contract/call.ts'
import type { AgendaFeed } from '#server/cluster/agenda-feed.ts'
import type { DatabaseDirectory } from '#server/db/directory.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import type { Subject } from '#server/kernel/index.ts'
import type { ServiceDeps } from '#server/services/deps.ts'
import type { CompanyResolver, DatabaseServices } from './company.ts'

/** Everything a handler may need: the services' dependencies and the web layer's company resolver. */
export interface AppDeps extends ServiceDeps {
  readonly companies: CompanyResolver
  /** The studio's live agenda streams of this instance (docs/decisions/075-studio-live-agenda.md). */
  readonly agendaFeed: AgendaFeed
  /**
   * Where each company's data lives (docs/decisions/086-database-routing.md); a request of a
   * company sees its database as `db` (route.ts).
   */
  readonly databases: DatabaseDirectory
  /**
   * The services bound to each database of DATABASE_URLS (its outbox's notifier, its publish
   * loop, its waitlist's wake): a request of a company placed there sees them as its own
   * (routedDeps); `main`'s are the fields above.
   */
  readonly databaseServices: ReadonlyMap<string, DatabaseServices>
  /** Wakes the waitlist job of this database after a request freed a slot (server/cluster/jobs.ts). */
  wakeWaitlist(): Promise<void>
}

export interface AppVariables {
  deps: AppDeps
  /** The service group of the matched call: it decides where the error body puts code/message. */
  group: ServiceGroup
  /** Set by the company middleware; routes registered with `route` always have it. */
  company: CompanyRow
  subject: Subject | undefined
  /**
   * Set by a write route that told the availability cache itself what it changed (or that it
   * changed nothing): app.ts then does not forget the company's cached availability.
   */
  availabilityHandled: boolean | undefined
}

export interface AppEnv {
  Variables: AppVariables
}

export type ApiApp = Hono<AppEnv>
export type ApiContext = Context<AppEnv>
