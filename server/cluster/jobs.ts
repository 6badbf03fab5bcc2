import PgBoss from 'pg-boss'
import type { JobOptions } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { withinUnit } from '#server/kernel/index.ts'
import type { AvailabilityCache } from '#server/services/booking/index.ts'
import { expireHolds } from '#server/services/booking/index.ts'
import type { Notifier, OutboxQueue } from '#server/services/notifier/index.ts'
import { abandonExpiredCarts } from '#server/services/payments/index.ts'
import { DEFAULT_SPACING } from '#server/services/rebuilds/index.ts'
import { sendReminders } from '#server/services/visits/index.ts'
import { processFreed, waitlistSweep } from '#server/services/waitlist/index.ts'
import type { Publisher } from '#server/services/webhooks/index.ts'
import { type RebuildPlanner, rebuildJobs } from './rebuild-jobs.ts'

/**
 * Background work on a PostgreSQL-backed queue (pg-boss, docs/decisions/036-several-api-instances.md):
 * jobs are rows, so they survive restarts, and a job is taken by one instance at a time
 * (SKIP LOCKED). A job whose instance died stays active until its expiry, then is retried by
 * whichever instance polls next. Sweeps run from cron schedules that pg-boss fires once per
 * minute across all instances.
 */
export interface Jobs {
  /** For the notifier: one job per queued outbox row. */
  readonly outbox: OutboxQueue
  /** Rebuilds at content boundaries (docs/decisions/059-rebuilds-at-content-boundaries.md). */
  readonly rebuilds: RebuildPlanner
  /**
   * Starts the workers and the schedules; the notifier delivers the outbox jobs, the publisher
   * (when given) the rebuilds at content boundaries.
   */
  work(notifier: Notifier, availability?: AvailabilityCache, publisher?: Publisher): Promise<void>
  /**
   * Wakes the waitlist job, for a unit of work that recorded freed slots (its after-commit mark,
   * docs/decisions/040-waitlist.md): the offer goes within a poll, not at the next minute's sweep.
   */
  wakeWaitlist(): Promise<void>
  stop(): Promise<void>
}

const SEND = 'send-notification'
/** `offered` is told how many waitlist offers (holds booked outside any request) a run made. */
type Sweep = (database: Database, offered: (made: number) => number) => Promise<unknown>
const SWEEPS: Record<string, Sweep> = {
  'expire-holds': (database) => expireHolds(database.db),
  'abandon-carts': (database) => abandonExpiredCarts(database.db),
  // visit reminders: marked sent and queued in the outbox in one transaction, so exactly once
  'send-reminders': (database) => sendReminders(database.db),
  // lapsed entries and offers, and whatever the freed outbox holds (docs/decisions/040-waitlist.md)
  'waitlist-sweep': (database, offered) => waitlistSweep(database.db).then(offered),
}
/** One queued and one running at most (stately): a burst of wakes is one run. */
const WAKE = 'waitlist-wake'
const RELAY = 'relay-outbox'
const EVERY_MINUTE = '* * * * *'

/** A job id per outbox row, so enqueuing a row twice inserts one job (pg-boss ignores the second). */
function sendJobId(id: number): string {
  return `00000000-0000-4000-8000-${id.toString(16).padStart(12, '0')}`
}

/**
 * On PostgreSQL the queue has a small pool of its own (the API's stays for requests); on PGlite
 * it shares the one connection, on which pg-boss's advisory locks and SKIP LOCKED hold trivially.
 */
export async function startJobs(
  database: Database,
  url: string | undefined,
  options: JobOptions,
  log: (line: string) => void,
): Promise<Jobs> {
  const connection =
    url !== undefined && url !== ''
      ? { connectionString: url, max: 3, application_name: 'storefront-jobs' }
      : { db: pgliteDb(database) }
  const boss = new PgBoss({
    ...connection,
    schema: 'pgboss',
    maintenanceIntervalSeconds: options.maintenanceSeconds,
    monitorStateIntervalSeconds: Math.max(options.maintenanceSeconds, 60),
  })
  boss.on('error', (error) => log(`jobs: ${error.message}`))
  await boss.start()
  const retry = {
    retryLimit: 8,
    retryDelay: options.retrySeconds,
    retryBackoff: true,
    expireInSeconds: options.expireSeconds,
  }
  await boss.createQueue(SEND, { name: SEND, ...retry })
  for (const name of [...Object.keys(SWEEPS), RELAY]) {
    await boss.createQueue(name, { name, expireInSeconds: options.expireSeconds })
  }
  await boss.createQueue(WAKE, { name: WAKE, policy: 'stately', ...retry })
  const wake = async () => {
    await boss.send(WAKE, {}, retry)
  }
  const rebuilds = await rebuildJobs(
    boss,
    database,
    { spacing: options.rebuildSpacing ?? DEFAULT_SPACING, pollSeconds: options.pollSeconds, retry },
    log,
  )

  let notifier: Notifier | undefined
  const deliver = async (id: number) => {
    if (!notifier) throw new Error('jobs: no notifier yet')
    await notifier.deliverQueued(id)
  }

  return {
    outbox: {
      async enqueue(ids) {
        for (const id of ids) await boss.send(SEND, { id }, { id: sendJobId(id), ...retry })
      },
      async runNow() {
        let done = 0
        for (const job of await boss.fetch<{ id: number }>(SEND, { batchSize: 20 })) {
          try {
            await deliver(job.data.id)
            await boss.complete(SEND, job.id)
            done += 1
          } catch (error) {
            await boss.fail(SEND, job.id, { message: String(error) })
          }
        }
        return done
      },
    },
    rebuilds,
    async work(using, availability, publisher) {
      // a waitlist offer is a hold booked outside any request: every instance forgets cached
      // availability (offers are rare; which company is not worth tracking here)
      const offered = (made: number) => {
        if (made > 0) availability?.invalidate(undefined)
        return made
      }
      notifier = using
      // a job's run is a unit of work, as a request is: what it queued goes once it committed
      // a sweep that failed half-way still relays and wakes for the rows it committed
      const asUnit = async (work: () => Promise<unknown>, onFreed?: () => Promise<void>) => {
        await withinUnit(
          work,
          async (marks) => {
            if (marks.queued) await using.relayQueued()
            if (marks.freed) await onFreed?.()
          },
          'job',
        )
      }
      const polling = { pollingIntervalSeconds: options.pollSeconds }
      await boss.work<{ id: number }>(SEND, polling, async ([job]) => {
        if (job) await deliver(job.data.id)
      })
      // a minute's schedule needs no eager polling: fewer idle queries per instance
      const seldom = { pollingIntervalSeconds: Math.max(options.pollSeconds, 15) }
      for (const [name, sweep] of Object.entries(SWEEPS)) {
        // a sweep that cancels holds may free a slot somebody waits for
        await boss.work(name, seldom, () => asUnit(() => sweep(database, offered), wake))
        await boss.schedule(name, EVERY_MINUTE)
      }
      // an offer's e-mail leaves with the run that made it, not at the next relay
      await boss.work(WAKE, polling, () => asUnit(() => processFreed(database.db).then(offered)))
      // messages whose instance died between commit and relay
      await boss.work(RELAY, seldom, () => using.relayQueued())
      await boss.schedule(RELAY, EVERY_MINUTE)
      if (publisher) await rebuilds.work(publisher)
    },
    wakeWaitlist: wake,
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  }
}

function pgliteDb(database: Database): PgBoss.Db {
  const { executeSql } = database
  if (!executeSql) throw new Error('jobs: PGlite without raw SQL')
  return { executeSql: (text, values) => executeSql(text, values) }
}
