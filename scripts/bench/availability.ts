import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { createDatabase, type DatabaseOptions } from '#server/db/client.ts'
import { errorMessage, projectRoot } from '../shared/paths.ts'
import { serveBenchApi } from './availability-api.ts'
import { seedMarket } from './availability-data.ts'
import { type MixResult, serverErrors } from './availability-load.ts'
import {
  FULL_SIZE,
  type Market,
  type MarketSize,
  nextMonday,
  SMALL_SIZE,
} from './availability-market.ts'
import { type MeasureOptions, measure } from './availability-measure.ts'
import {
  type AvailabilityRun,
  cpuText,
  hitsText,
  writeAvailabilityRuns,
} from './availability-report.ts'
import { describeMachine } from './machine.ts'
import { withDatabase, withPostgres } from './postgres.ts'

/**
 * `npm run bench:availability -- [--small] [--shops N --weeks N --appointments N --customers N]
 * [--duration S] [--warmup S] [--connections N] [--only pglite|postgres] [--label TEXT]
 * [--cache-ms MS] [--pool N] [--database-url URL --pg-data DIR] [--no-write] [--profile DIR] [--instances N]
 * [--node-flag=FLAG]...` (--node-flag=F passes the Node flag F to the API processes, e.g. --node-flag=--trace-gc; --cache-ms and
 * --pool set the API's AVAILABILITY_CACHE_MS and DATABASE_POOL_MAX; --database-url keeps one
 * database between runs, seeded by the first, --pg-data is its cluster's data directory for CPU;
 * --profile writes the API process's V8 CPU profile there; --instances runs N API processes on
 * the PostgreSQL database, connections spread over them, CPU and cache counts summed): the marketplace mix (availability-load.ts) against the real API in its own
 * process, on PostgreSQL (a throwaway cluster, or BENCH_DATABASE_URL) and on PGlite, written to
 * docs/benchmarks.md. The single repeated question stays `npm run bench:api`.
 */
const { values } = parseArgs({
  options: {
    small: { type: 'boolean', default: false },
    shops: { type: 'string' },
    weeks: { type: 'string' },
    appointments: { type: 'string' },
    customers: { type: 'string' },
    duration: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    label: { type: 'string', default: 'current' },
    'cache-ms': { type: 'string' },
    pool: { type: 'string' },
    'database-url': { type: 'string' },
    'pg-data': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    profile: { type: 'string' },
    'node-flag': { type: 'string', multiple: true },
    instances: { type: 'string', default: '1' },
  },
})
const base = values.small ? SMALL_SIZE : FULL_SIZE
const size: MarketSize = {
  shops: Number(values.shops ?? base.shops),
  weeks: Number(values.weeks ?? base.weeks),
  appointments: Number(values.appointments ?? base.appointments),
  customers: Number(values.customers ?? base.customers),
}
const connections = Number(values.connections)
const warmupMs = Number(values.warmup) * 1000
const durationMs = Number(values.duration) * 1000
const measuring: MeasureOptions = {
  instances: Math.max(1, Number(values.instances)),
  profileDir: values.profile,
  nodeFlags: values['node-flag'] ?? [],
  apiEnv: {
    ...(values['cache-ms'] === undefined ? {} : { AVAILABILITY_CACHE_MS: values['cache-ms'] }),
    ...(values.pool === undefined ? {} : { DATABASE_POOL_MAX: values.pool }),
  },
  connections,
  warmupMs,
  durationMs,
}

const OVERLAPS = sql`select
  (select count(*) from appointment_claims a join appointment_claims b
    on a.company_id = b.company_id and a.resource_id = b.resource_id
    and a.appointment_id < b.appointment_id and a.during && b.during
    where a.status <> 'cancelled' and b.status <> 'cancelled')
  + (select count(*) from appointments a join appointments b
    on a.company_id = b.company_id and a.employee_id = b.employee_id
    and a.id < b.id and a.during && b.during
    where a.status <> 'cancelled' and b.status <> 'cancelled') as n`

async function withDb<T>(
  options: DatabaseOptions,
  work: (db: Awaited<ReturnType<typeof createDatabase>>) => Promise<T>,
) {
  const database = await createDatabase(options)
  try {
    return await work(database)
  } finally {
    await database.close()
  }
}

async function overlapsIn(options: DatabaseOptions): Promise<number> {
  return withDb(options, async ({ db }) => {
    const result = (await db.execute(OVERLAPS)) as unknown as { rows: { n: string | number }[] }
    return Number(result.rows[0]?.n ?? -1)
  })
}

async function seeded(options: DatabaseOptions): Promise<Market> {
  const started = performance.now()
  const market = await withDb(options, async (database) => {
    await database.migrate()
    return seedMarket(database.db, size, nextMonday(new Date()))
  })
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return market
}

type Run = Omit<AvailabilityRun, 'machine'>

async function onPostgres(): Promise<Run> {
  const given = values['database-url']
  if (given) {
    // a database kept between runs (seeded by the first): levers compared back to back
    const market = await seeded({ url: given })
    const measured = await measure(market, { DATABASE_URL: given }, values['pg-data'], measuring)
    return {
      database: 'PostgreSQL',
      ...common(),
      ...measured,
      overlaps: await overlapsIn({ url: given }),
    }
  }
  return withPostgres((server) =>
    withDatabase(server.url, async (url) => {
      const market = await seeded({ url })
      const measured = await measure(market, { DATABASE_URL: url }, server.dataDir, measuring)
      return {
        database: 'PostgreSQL',
        ...common(),
        ...measured,
        overlaps: await overlapsIn({ url }),
      }
    }),
  )
}

async function onPglite(): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-availability-'))
  try {
    const market = await seeded({ pgliteDir: dir })
    const measured = await measure(market, { PGLITE_DIR: dir }, undefined, measuring)
    return {
      database: 'PGlite',
      ...common(1),
      ...measured,
      overlaps: await overlapsIn({ pgliteDir: dir }),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** PGlite runs one API process whatever --instances says (one connection, in process). */
const common = (instances = measuring.instances) => ({
  label: instances > 1 ? `${values.label}, ${instances} API instances` : values.label,
  size,
  connections,
})

const quartet = (r: MixResult['all']) =>
  `p50 ${r.p50.toFixed(1)} / p95 ${r.p95.toFixed(1)} / p99 ${r.p99.toFixed(1)} / max ${r.max.toFixed(1)} ms (${r.count})`

function print(run: AvailabilityRun): void {
  const r = run.result
  if (!r) {
    console.log(`${run.database}: ${run.note}`)
    return
  }
  console.log(
    `${run.database} [${run.label}] load ${run.machine.load}: ${Math.round(r.all.count / r.seconds)} req/s, 5xx ${serverErrors(r.all)}, cache hits ${hitsText(run)}, CPU s API / PG / load ${cpuText(run, r)}, overlaps ${run.overlaps}`,
  )
  console.log(`  mix    ${quartet(r.all)}`)
  console.log(`  reads  ${quartet(r.read)}`)
  console.log(`  holds  ${quartet(r.hold)} statuses ${JSON.stringify(r.hold.statuses)}`)
  console.log(`  checks ${quartet(r.check)} statuses ${JSON.stringify(r.check.statuses)}`)
}

async function main(): Promise<void> {
  const runs: AvailabilityRun[] = []
  for (const [name, run] of [
    ['PostgreSQL', onPostgres],
    ['PGlite', onPglite],
  ] as const) {
    if (values.only && !name.toLowerCase().startsWith(values.only.toLowerCase())) continue
    let measured: Run
    try {
      measured = await run()
    } catch (error) {
      measured = {
        database: name,
        ...common(),
        result: undefined,
        cacheHits: undefined,
        apiCpu: undefined,
        postgresCpu: undefined,
        overlaps: undefined,
        note: `not measured: ${errorMessage(error)}`,
      }
    }
    const full = { ...measured, machine: describeMachine() }
    print(full)
    runs.push(full)
  }
  const args = process.argv.slice(2)
  const command = `npm run bench:availability${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`
  if (!values['no-write'])
    writeAvailabilityRuns(join(projectRoot, 'docs/benchmarks.md'), runs, command)
}

const run = process.env.BENCH_API_CHILD ? serveBenchApi : main
run().then(
  () => {
    if (!process.env.BENCH_API_CHILD) process.exit(0)
  },
  (error: unknown) => {
    console.error(errorMessage(error))
    process.exit(1)
  },
)
