import { type ChildProcess, fork } from 'node:child_process'
import { join } from 'node:path'
import { projectRoot } from '../shared/paths.ts'
import { type MixResult, runMix } from './availability-load.ts'
import type { Market } from './availability-market.ts'
import { postgresCpuSeconds, processCpuSeconds } from './proc-cpu.ts'

/**
 * One measurement of `npm run bench:availability` (availability.ts): the API in processes of its
 * own (availability.ts forked with BENCH_API_CHILD, so their CPU is read apart from the load
 * loop's), the marketplace mix against them, CPU and cache counts read around the measured window.
 */
export interface MeasureOptions {
  /** API processes on the database (PGlite: always one), the connections spread over them */
  readonly instances: number
  /** where each API process writes its V8 CPU profile */
  readonly profileDir: string | undefined
  /** more Node flags for the API processes (--node-flag, e.g. --trace-gc) */
  readonly nodeFlags: readonly string[]
  /** AVAILABILITY_CACHE_MS, DATABASE_POOL_MAX when given */
  readonly apiEnv: Record<string, string>
  readonly connections: number
  readonly warmupMs: number
  readonly durationMs: number
}

export interface Measured {
  readonly result: MixResult
  readonly cacheHits: number | undefined
  /** the share of availability answers reused whole (decision 043) */
  readonly answersReused: number | undefined
  /** of the answers computed, the share alike to one already held (decision 047) */
  readonly answersShared: number | undefined
  readonly apiCpu: number | undefined
  readonly postgresCpu: number | undefined
  /** this process's CPU: the load loop's worker (the main thread waits) */
  readonly loadCpu: number | undefined
}

function startApi(
  env: Record<string, string>,
  options: MeasureOptions,
): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(join(projectRoot, 'scripts/bench/availability.ts'), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : []),
      ...options.nodeFlags,
    ],
    env: {
      ...process.env,
      ...options.apiEnv,
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

interface Counts {
  readonly hits: number
  readonly misses: number
  readonly answers: { readonly reused: number; readonly computed: number; readonly shared: number }
}

const stats = async (url: string) => (await (await fetch(`${url}/bench/stats`)).json()) as Counts

/** Starts the API on the seeded database, runs the mix, reads CPU and cache counts around it. */
export async function measure(
  market: Market,
  env: Record<string, string>,
  pgData: string | undefined,
  options: MeasureOptions,
): Promise<Measured> {
  const { connections, warmupMs, durationMs } = options
  const count = env.PGLITE_DIR ? 1 : options.instances
  const apis = await Promise.all(Array.from({ length: count }, () => startApi(env, options)))
  const urls = apis.map((api) => api.url)
  const sum = (values: readonly (number | undefined)[]) =>
    values.some((v) => v === undefined) ? undefined : values.reduce((a = 0, b = 0) => a + b, 0)
  const apiCpu = () => sum(apis.map((api) => processCpuSeconds(api.child.pid)))
  const cacheStats = async () => {
    const all = await Promise.all(urls.map(stats))
    return all.reduce((a, b) => ({
      hits: a.hits + b.hits,
      misses: a.misses + b.misses,
      answers: {
        reused: a.answers.reused + b.answers.reused,
        computed: a.answers.computed + b.answers.computed,
        shared: a.answers.shared + b.answers.shared,
      },
    }))
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
    const before = {
      api: apiCpu(),
      pg: postgresCpuSeconds(pgData),
      load: processCpuSeconds(process.pid),
      cache: await cacheStats(),
    }
    const result = await running
    const after = {
      api: apiCpu(),
      pg: postgresCpuSeconds(pgData),
      load: processCpuSeconds(process.pid),
      cache: await cacheStats(),
    }
    const diff = (a: number | undefined, b: number | undefined) =>
      a === undefined || b === undefined ? undefined : b - a
    const hits = after.cache.hits - before.cache.hits
    const asked = hits + after.cache.misses - before.cache.misses
    const reused = after.cache.answers.reused - before.cache.answers.reused
    const computed = after.cache.answers.computed - before.cache.answers.computed
    const answered = reused + computed
    const shared = after.cache.answers.shared - before.cache.answers.shared
    return {
      result,
      cacheHits: asked > 0 ? hits / asked : undefined,
      answersReused: answered > 0 ? reused / answered : undefined,
      answersShared: computed > 0 ? shared / computed : undefined,
      apiCpu: diff(before.api, after.api),
      postgresCpu: diff(before.pg, after.pg),
      loadCpu: diff(before.load, after.load),
    }
  } finally {
    await Promise.all(apis.map((api) => stopApi(api.child)))
  }
}
