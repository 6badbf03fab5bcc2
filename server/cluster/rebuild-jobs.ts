import { createHash } from 'node:crypto'
import type PgBoss from 'pg-boss'
import type { Database } from '#server/db/client.ts'
import { companies } from '#server/db/schema/index.ts'
import { clock, withinUnit } from '#server/kernel/index.ts'
import type { Spacing } from '#server/services/rebuilds/index.ts'
import { plannedFires, publishFire, SWEEP_LOOKBACK_MS } from '#server/services/rebuilds/index.ts'
import type { Publisher } from '#server/services/webhooks/index.ts'

/**
 * Rebuilds at content boundaries as jobs of the queue
 * (docs/decisions/059-rebuilds-at-content-boundaries.md): one job per company and fire, started
 * after its instant, so it survives restarts and runs on one instance. Its id is derived from the
 * pair, so planning it again (a second instance, a sweep, a write) inserts nothing.
 */
export interface RebuildPlanner {
  /** Queues the company's next rebuilds as its content now stands (after a write). */
  replan(companyId: number): Promise<void>
}

export interface RebuildJobs extends RebuildPlanner {
  /** Runs the fires through `publisher` and sweeps every company's plan now and every 15 minutes. */
  work(publisher: Publisher): Promise<void>
}

const FIRE = 'rebuild-tenant'
const PLAN = 'plan-rebuilds'
const EVERY_QUARTER_HOUR = '*/15 * * * *'

interface FireData {
  readonly companyId: number
  readonly fire: number
}

/** A uuid from the company and the instant: the same job on every instance. */
function fireJobId(companyId: number, fire: number): string {
  const hex = createHash('sha256').update(`rebuild:${companyId}:${fire}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

export async function rebuildJobs(
  boss: PgBoss,
  database: Database,
  options: {
    spacing: Spacing
    pollSeconds: number
    retry: PgBoss.RetryOptions & PgBoss.ExpirationOptions
  },
  log: (line: string) => void,
): Promise<RebuildJobs> {
  const { spacing, retry } = options
  await boss.createQueue(FIRE, { name: FIRE, ...retry })
  await boss.createQueue(PLAN, { name: PLAN, ...retry })

  const queue = async (companyId: number, after: number) => {
    const fires = await plannedFires(database.db, companyId, after, clock.now().getTime(), spacing)
    for (const fire of fires) {
      const at = new Date(fire)
      await boss.send(FIRE, { companyId, fire } satisfies FireData, {
        ...retry,
        id: fireJobId(companyId, fire),
        singletonKey: `${companyId}:${at.toISOString()}`,
        startAfter: at,
      })
    }
  }
  // a job's run, as the sweeps of jobs.ts: nothing of it is the requests' (server/kernel/after-commit.ts)
  const asJob = async (work: () => Promise<void>) => {
    await withinUnit(work, undefined, 'job')
  }
  const sweep = async () => {
    const after = clock.now().getTime() - SWEEP_LOOKBACK_MS
    for (const { id } of await database.db.select({ id: companies.id }).from(companies)) {
      await queue(id, after)
    }
  }

  return {
    replan: (companyId) => queue(companyId, clock.now().getTime()),
    async work(publisher) {
      await boss.work<FireData>(FIRE, { pollingIntervalSeconds: options.pollSeconds }, ([job]) =>
        asJob(async () => {
          if (!job) return
          const { companyId, fire } = job.data
          const outcome = await publishFire(database.db, publisher, companyId, fire, spacing)
          log(`rebuild ${companyId} at ${new Date(fire).toISOString()}: ${outcome}`)
          // the next boundary is planned by the one that fired, whatever it found
          if (outcome !== 'gone') await queue(companyId, fire)
        }),
      )
      const plan = () => asJob(sweep)
      await boss.work(PLAN, { pollingIntervalSeconds: Math.max(options.pollSeconds, 15) }, plan)
      await boss.schedule(PLAN, EVERY_QUARTER_HOUR)
      // a restart plans at once what a crash may have left unplanned
      await boss.send(PLAN, {}, retry)
    },
  }
}
