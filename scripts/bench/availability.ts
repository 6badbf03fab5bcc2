import { type ChildProcess, fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { createDatabase, type DatabaseOptions } from '#server/db/client.ts'
import { errorMessage, projectRoot } from '../shared/paths.ts'
import { serveBenchApi } from './availability-api.ts'
import {
  FULL_SIZE,
  type Market,
  type MarketSize,
  nextMonday,
  SMALL_SIZE,
  seedMarket,
} from './availability-data.ts'
import { type MixResult, runMix, serverErrors } from './availability-load.ts'
import { type AvailabilityRun, writeAvailabilityRuns } from './availability-report.ts'
import { describeMachine } from './machine.ts'
import { withDatabase, withPostgres } from './postgres.ts'
import { postgresCpuSeconds, processCpuSeconds } from './proc-cpu.ts'

/**
 * `npm run bench:availability -- [--small] [--shops N --weeks N --appointments N --customers N]
 * [--duration S] [--warmup S] [--connections N] [--only pglite|postgres] [--label TEXT]
 * [--cache-ms MS] [--pool N] [--database-url URL --pg-data DIR] [--no-write] [--profile DIR] [--instances N]` (--cache-ms and
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

function startApi(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(join(projectRoot, 'scripts/bench/availability.ts'), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : []),
    ],
    env: {
      ...process.env,
      ...(values['cache-ms'] === undefined ? {} : { AVAILABILITY_CACHE_MS: values['cache-ms'] }),
      ...(values.pool === undefined ? {} : { DATABASE_POOL_MAX: values.pool }),
      ...env,
      BENCH_API_CHILD: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('message', (message: { url: string }) => resolve({ child, url: message.url }))
    child.once('exit', (code) => reject(new Error(`the API exited (${code}) before listening`)))
  })
}

function stopApi(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

const stats = async (url: string) =>
  (await (await fetch(`${url}/bench/stats`)).json()) as { hits: number; misses: number }

interface Measured {
  readonly result: MixResult
  readonly cacheHits: number | undefined
  readonly apiCpu: number | undefined
  readonly postgresCpu: number | undefined
}

/** Starts the API on the seeded database, runs the mix, reads CPU and cache counts around it. */
async function measure(
  market: Market,
  env: Record<string, string>,
  pgData: string | undefined,
): Promise<Measured> {
  const count = env.PGLITE_DIR ? 1 : Math.max(1, Number(values.instances))
  const apis = await Promise.all(Array.from({ length: count }, () => startApi(env)))
  const urls = apis.map((api) => api.url)
  const sum = (values: readonly (number | undefined)[]) =>
    values.some((v) => v === undefined) ? undefined : values.reduce((a = 0, b = 0) => a + b, 0)
  const apiCpu = () => sum(apis.map((api) => processCpuSeconds(api.child.pid)))
  const cacheStats = async () => {
    const all = await Promise.all(urls.map(stats))
    return all.reduce((a, b) => ({ hits: a.hits + b.hits, misses: a.misses + b.misses }))
  }
  try {
    for (const url of urls) {
      const probe = await fetch(
        `${url}/api/appointments?${new URLSearchParams({ shopId: 's0', servicesId: 's0v0', start: market.weeks[0] ?? '', end: market.weeks[0] ?? '' })}`,
        { headers: { company: market.token } },
      )
      if (probe.status !== 200)
        throw new Error(`probe answered ${probe.status}: ${await probe.text()}`)
    }
    const running = runMix({
      baseUrls: urls,
      market,
      connections,
      warmupMs,
      durationMs,
      holdShare: 0.05,
      checkShare: 0.05,
      refusedShare: 1 / 3,
    })
    // CPU and cache counts from the start of the measured window (after the warmup)
    await new Promise((resolve) => setTimeout(resolve, warmupMs))
    const before = { api: apiCpu(), pg: postgresCpuSeconds(pgData), cache: await cacheStats() }
    const result = await running
    const after = { api: apiCpu(), pg: postgresCpuSeconds(pgData), cache: await cacheStats() }
    const diff = (a: number | undefined, b: number | undefined) =>
      a === undefined || b === undefined ? undefined : b - a
    const hits = after.cache.hits - before.cache.hits
    const asked = hits + after.cache.misses - before.cache.misses
    return {
      result,
      cacheHits: asked > 0 ? hits / asked : undefined,
      apiCpu: diff(before.api, after.api),
      postgresCpu: diff(before.pg, after.pg),
    }
  } finally {
    await Promise.all(apis.map((api) => stopApi(api.child)))
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
    const measured = await measure(market, { DATABASE_URL: given }, values['pg-data'])
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
      const measured = await measure(market, { DATABASE_URL: url }, server.dataDir)
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
    const measured = await measure(market, { PGLITE_DIR: dir }, undefined)
    return {
      database: 'PGlite',
      ...common(),
      ...measured,
      overlaps: await overlapsIn({ pgliteDir: dir }),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const common = () => ({
  label:
    Number(values.instances) > 1
      ? `${values.label}, ${values.instances} API instances`
      : values.label,
  size,
  connections,
})

const quartet = (r: MixResult['all']) =>
  `p50 ${r.p50.toFixed(1)} / p95 ${r.p95.toFixed(1)} / p99 ${r.p99.toFixed(1)} / max ${r.max.toFixed(1)} ms (${r.count})`

const perRequest = (cpu: number | undefined, r: MixResult) =>
  cpu === undefined ? '-' : ((cpu * 1000) / r.all.count).toFixed(2)

function print(run: AvailabilityRun): void {
  const r = run.result
  if (!r) {
    console.log(`${run.database}: ${run.note}`)
    return
  }
  console.log(
    `${run.database} [${run.label}] load ${run.machine.load}: ${Math.round(r.all.count / r.seconds)} req/s, 5xx ${serverErrors(r.all)}, cache hits ${run.cacheHits === undefined ? '-' : `${Math.round(run.cacheHits * 100)} %`}, CPU s API ${run.apiCpu?.toFixed(1) ?? '-'} / PG ${run.postgresCpu?.toFixed(1) ?? '-'} (ms per request ${perRequest(run.apiCpu, r)} / ${perRequest(run.postgresCpu, r)}), overlaps ${run.overlaps}`,
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
