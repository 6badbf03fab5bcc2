import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import type { Subject } from '#server/kernel/index.ts'
import type { SessionCache } from './auth/session-cache.ts'
import type { AvailabilityCache } from './booking/availability/availability-cache.ts'
import type { Notifier } from './notifier/index.ts'
import type { SmsTransports } from './notifier/transports.ts'
import type { Publisher } from './webhooks/publisher.ts'

/**
 * What the services are given, created once per app (tests build their own); a service asks
 * for the part it uses (`Pick<ServiceDeps, 'db' | 'notifier'>`). The web layer adds its own
 * (server/http/types.ts AppDeps): services never import it (docs/decisions/067-server-kernel.md).
 */
export interface ServiceDeps {
  readonly db: Db
  readonly config: Config
  readonly notifier: Notifier
  /** which SMS provider carries a company's messages, if any (the sign-up asks codes accordingly) */
  readonly sms: SmsTransports
  readonly publisher: Publisher
  readonly availability: AvailabilityCache
  /** the sessions this instance resolved lately (docs/decisions/046-sessions-kept-per-instance.md) */
  readonly sessions: SessionCache<Subject>
}
