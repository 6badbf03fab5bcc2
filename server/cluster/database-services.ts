import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import type { AvailabilityCache } from '#server/services/booking/index.ts'
import {
  createNotifier,
  type MailTransport,
  type Notifier,
  renderMail,
  type SmsTransports,
} from '#server/services/notifier/index.ts'
import { replanningPublisher } from '#server/services/rebuilds/index.ts'
import {
  createPublisher,
  type Publisher,
  type PublisherOptions,
} from '#server/services/webhooks/index.ts'
import type { Jobs } from './jobs.ts'

/**
 * What a request of a company placed in this database hands its writes to
 * (docs/decisions/086-database-routing.md): the notifier relaying this database's outbox, the
 * publisher whose loop delivers this database's publish events, the wake of this database's
 * waitlist job.
 */
export interface DatabaseServices {
  readonly notifier: Notifier
  readonly publisher: Publisher
  wakeWaitlist(): Promise<void>
}

export interface RunningServices extends DatabaseServices {
  /** Stops the queue's workers, then the publish loop (the database is the caller's to close). */
  stop(): Promise<void>
}

/** What every database's services share: one SMTP pool, one set of SMS providers, one cache. */
export interface SharedTransports {
  readonly config: Config
  readonly mail: MailTransport | undefined
  readonly sms: SmsTransports
  readonly availability: AvailabilityCache
  readonly webhooks?:
    | Pick<PublisherOptions, 'baseDelayMs' | 'maxDelayMs' | 'pollMs' | 'timeoutMs'>
    | undefined
}

/**
 * The background work of one database, on its own job queue (`jobs`, started on that database):
 * its publish loop, its notifier (whose queued messages are jobs of that queue) and the queue's
 * workers and schedules (holds, carts, reminders, waitlist, relay, rebuilds), all reading only
 * this database. `main` runs exactly this; each database of DATABASE_URLS runs its own.
 */
export async function startDatabaseServices(
  database: Database,
  jobs: Jobs,
  shared: SharedTransports,
): Promise<RunningServices> {
  const { config } = shared
  const publisher = createPublisher({
    db: database.db,
    urls: config.publishWebhookUrls,
    secret: config.publishWebhookSecret,
    dispatch: config.githubDispatch,
    log: config.log,
    ...shared.webhooks,
  })
  publisher.start()
  const notifier = createNotifier({
    db: database.db,
    log: config.log,
    development: config.development,
    mail: shared.mail,
    renderMail,
    sms: shared.sms,
    queue: jobs.outbox,
    // an attempt holds its message as long as the job queue waits before retrying the job
    leaseSeconds: config.jobs.expireSeconds,
  })
  try {
    // rebuilds at content boundaries publish through the same outbox (docs/decisions/059-rebuilds-at-content-boundaries.md)
    await jobs.work(notifier, shared.availability, publisher)
  } catch (error) {
    await publisher.stop()
    throw error
  }
  return {
    notifier,
    // a write that records a publish plans its company's rebuilds again once committed
    publisher: replanningPublisher(publisher, (id) => jobs.rebuilds.replan(id), config.log),
    wakeWaitlist: () => jobs.wakeWaitlist(),
    async stop() {
      await jobs.stop()
      await publisher.stop()
    },
  }
}
