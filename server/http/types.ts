import type { Context, Hono } from 'hono'
import type { ServiceGroup } from '#contract/call.ts'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import type { AccountKind, CompanyRow } from '#server/db/schema/index.ts'
import type { SessionCache } from '#server/services/auth/session-cache.ts'
import type { AvailabilityCache } from '#server/services/booking/availability-cache.ts'
import type { Notifier } from '#server/services/notifier/index.ts'
import type { SmsTransports } from '#server/services/notifier/transports.ts'
import type { Publisher } from '#server/services/webhooks/publisher.ts'
import type { CompanyResolver } from './company.ts'

/** Who the bearer token belongs to, for the company of the request. */
export interface Subject {
  readonly kind: AccountKind
  readonly id: string
  readonly tokenId: number
}

/** Everything a handler may need, created once per app (tests build their own). */
export interface AppDeps {
  readonly db: Db
  readonly config: Config
  readonly companies: CompanyResolver
  readonly notifier: Notifier
  /** which SMS provider carries a company's messages, if any (the sign-up asks codes accordingly) */
  readonly sms: SmsTransports
  readonly publisher: Publisher
  readonly availability: AvailabilityCache
  /** the sessions this instance resolved lately (docs/decisions/046-sessions-kept-per-instance.md) */
  readonly sessions: SessionCache<Subject>
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
