import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '#server/config.ts'
import { clock } from '#server/kernel/index.ts'
import { DEFAULT_AVAILABILITY_CACHE_MS } from '#server/services/booking/index.ts'
import { startApi } from '#server/start.ts'
import { errorMessage, projectRoot } from '../shared/paths.ts'
import { BENCH, seedBench } from './api-data.ts'
import { type LoadResult, runLoad } from './api-load.ts'
import { type ApiRun, writeApiRuns } from './api-report.ts'
import { describeMachine } from './machine.ts'
import { withDatabase, withPostgres } from './postgres.ts'

/**
 * `npm run bench:api -- [--duration S] [--connections N] [--only pglite|postgres] [--no-write]`:
 * availability of one service over 7 days under load, on PGlite and on PostgreSQL
 * (BENCH_DATABASE_URL, or a throwaway cluster from scripts/ci/start-postgres.sh), then the same
 * load on /api/health (the HTTP floor), written to docs/benchmarks.md. The booking clock is
 * pinned before the measured week (June 2027), so every run books and reads the same data.
 */
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
})
const FROM = '2027-06-07'
const TO = '2027-06-13'
const connections = Number(values.connections)
const durationMs = Number(values.duration) * 1000

interface Measured {
  /** the product's default: availability answers reused for a moment (decision 009) */
  readonly result: LoadResult
  /** AVAILABILITY_CACHE_MS=0: every request computes its answer */
  readonly uncached: LoadResult
  readonly floor: LoadResult
}

async function measure(databaseUrl: string | undefined): Promise<Measured> {
  const cached = await measureWith(databaseUrl, DEFAULT_AVAILABILITY_CACHE_MS, true, true)
  // PostgreSQL keeps the data seeded by the first run; PGlite in memory starts empty each time
  const uncached = await measureWith(databaseUrl, 0, false, databaseUrl === undefined)
  return { result: cached.result, floor: cached.floor ?? cached.result, uncached: uncached.result }
}

async function measureWith(
  databaseUrl: string | undefined,
  availabilityCacheMs: number,
  withFloor: boolean,
  seed: boolean,
): Promise<{ result: LoadResult; floor: LoadResult | undefined }> {
  // Production settings: no response check against the contract, no request log.
  const overrides = { port: 0, host: '127.0.0.1', databaseUrl, pgliteDir: 'memory://' }
  const settings = { validateResponses: false, log: () => undefined, availabilityCacheMs }
  const config = loadConfig({}, { ...overrides, ...settings })
  const api = await startApi(config, { seedFrom: false })
  try {
    if (seed) await seedBench(api.database.db, FROM)
    const query = new URLSearchParams({
      shopId: BENCH.shopId,
      servicesId: BENCH.serviceId,
      start: FROM,
      end: TO,
      mode: '2',
      equipment: '1',
    })
    const url = `${api.url}/api/appointments?${query}`
    const headers = { company: BENCH.token }
    const probe = await fetch(url, { headers })
    const body = (await probe.json()) as Record<string, unknown>
    if (probe.status !== 200 || Object.keys(body).length === 0) {
      throw new Error(`unexpected answer ${probe.status}: ${JSON.stringify(body).slice(0, 300)}`)
    }
    const load = (target: string) =>
      runLoad({ url: target, headers, connections, warmupMs: 3_000, durationMs })
    const result = await load(url)
    const floor = withFloor ? await load(`${api.url}/api/health`) : undefined
    return { result, floor }
  } finally {
    await api.close()
  }
}

const line = (what: string, r: LoadResult) =>
  `${what}: ${r.requests} requests in ${r.seconds.toFixed(1)} s (${Math.round(r.requests / r.seconds)}/s), p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors}`

async function main(): Promise<void> {
  clock.now = () => new Date('2027-06-01T08:00:00Z')
  const runs: Omit<ApiRun, 'machine' | 'connections'>[] = []
  for (const database of ['PGlite', 'PostgreSQL']) {
    if (values.only && !database.toLowerCase().startsWith(values.only.toLowerCase())) continue
    try {
      const { result, uncached, floor } =
        database === 'PGlite'
          ? await measure(undefined)
          : await withPostgres((server) => withDatabase(server.url, (url) => measure(url)))
      const cachedName = `${database}, availability cache ${DEFAULT_AVAILABILITY_CACHE_MS / 1000} s (default)`
      runs.push({ database: cachedName, result, floor })
      runs.push({ database: `${database}, cache off`, result: uncached })
      console.log(line(cachedName, result))
      console.log(line(`${database}, cache off`, uncached))
      console.log(line(`${database} /api/health floor`, floor))
    } catch (error) {
      console.error(`${database}: not measured: ${errorMessage(error)}`)
      runs.push({ database, result: undefined, note: `not measured: ${errorMessage(error)}` })
    }
  }
  const machine = describeMachine()
  const args = process.argv.slice(2)
  const command = `npm run bench:api${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`
  if (!values['no-write']) {
    const file = join(projectRoot, 'docs/benchmarks.md')
    writeApiRuns(
      file,
      runs.map((run) => ({ ...run, machine, connections })),
      command,
    )
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(errorMessage(error))
    process.exit(1)
  },
)
