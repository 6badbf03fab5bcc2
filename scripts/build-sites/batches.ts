import type { ChildProcess } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { setPriority } from 'node:os'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
// the names only: src/site/snapshots loads the contract, which would delay npm start's first answer
import { PAGES_ENV, SNAPSHOT_DIR_ENV, TENANTS_ENV } from '#site/snapshot-env'
import { exitOf, spawnTracked } from '../shared/children'
import {
  type BatchChildJob,
  type BatchChildResult,
  READY_MARK,
  RESULT_MARK,
  type ReadyGroup,
} from './batch-result'

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += Math.max(1, size)) out.push(items.slice(i, i + size))
  return out
}

export type BatchJob = BatchChildJob

export type BatchOutcome =
  | ({ readonly ok: true } & BatchChildResult)
  | { readonly ok: false; readonly error: string; readonly maxRssKb?: number }

/**
 * Builds one batch; injectable so tests and the bench can replace or wrap it. `onReady` is told
 * each tenant whose pages are all written before the build ends (tenants-when-ready.ts).
 */
export type BatchBuilder = (
  job: BatchJob,
  log: (line: string) => void,
  onReady?: (ready: ReadyGroup) => void,
) => Promise<BatchOutcome>

const entry = fileURLToPath(new URL('./astro-batch.ts', import.meta.url))

function spawnBatch(cwd: string, env: NodeJS.ProcessEnv, ipc: boolean): ChildProcess {
  // plain Node (type stripping), not tsx: see astro-batch.ts
  return spawnTracked(process.execPath, [entry], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? (['ipc'] as const) : [])],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
  })
}

/** Reads a build child's output to its end: the result line, or the error lines it printed. */
async function outcomeOf(
  child: ChildProcess,
  log: (line: string) => void,
  onReady: (ready: ReadyGroup) => void = () => undefined,
): Promise<BatchOutcome> {
  let result: BatchChildResult | undefined
  const tail: string[] = []
  const keep = (line: string) => {
    if (line.trim() === '') return
    tail.push(line)
    if (tail.length > 20) tail.shift()
    log(`  astro: ${line}`)
  }
  if (child.stdout) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith(RESULT_MARK)) {
        result = JSON.parse(line.slice(RESULT_MARK.length)) as BatchChildResult
      } else if (line.startsWith(READY_MARK)) {
        onReady(JSON.parse(line.slice(READY_MARK.length)) as ReadyGroup)
      } else keep(line)
    })
  }
  if (child.stderr) createInterface({ input: child.stderr }).on('line', keep)
  const code = await exitOf(child)
  if (code === 0 && result) return { ok: true, ...result }
  // The message, not a stack frame (whose file names may contain "error" too).
  const messages = tail.filter((l) => !/^\s*at\s/.test(l))
  const reason = messages.find((l) => /error/i.test(l)) ?? messages.at(-1) ?? `exit ${code}`
  return { ok: false, error: `astro build failed: ${reason.trim()}` }
}

/** `astro build` of one batch in a new child process (astro-batch.ts), configured by env. */
export const buildBatchInChild: BatchBuilder = (job, log, onReady) => {
  const env = {
    BUILD_ROOT: job.root,
    BUILD_OUT_DIR: job.outDir,
    [TENANTS_ENV]: job.hosts.join(','),
    [SNAPSHOT_DIR_ENV]: job.snapshotDir,
    ...(job.pages ? { [PAGES_ENV]: job.pages.join(',') } : {}),
    ...(job.sitesDir ? { BUILD_SITES_DIR: job.sitesDir } : {}),
  }
  return outcomeOf(spawnBatch(job.root, env, false), log, onReady)
}

export interface WarmBuilder {
  readonly build: BatchBuilder
  /** Gives the build in progress the lowest share of the cores (its successor starts as usual). */
  lower(): void
  /** Stops the build in progress: it ends as failed; what it announced stays published. */
  cancel(): void
  close(): void
}

/**
 * Keeps one build process started and waiting (Astro loaded), hands it the next job over IPC,
 * and starts its successor once that build is over (not during it: the machine may have two
 * cores). Each process still builds once, so memory never accumulates across publishes.
 */
export function createWarmBuilder(root: string): WarmBuilder {
  const start = () => spawnBatch(root, { BUILD_WARM: '1' }, true)
  let ready: ChildProcess | undefined = start()
  let building: ChildProcess | undefined
  return {
    async build(job, log, onReady) {
      let child = ready?.connected ? ready : undefined
      ready = undefined
      child ??= start()
      building = child
      const outcome = outcomeOf(child, log, onReady)
      child.send(job)
      const result = await outcome
      building = undefined
      try {
        ready = start()
      } catch {
        // stopping: no successor is wanted
      }
      return result
    },
    lower() {
      try {
        if (building?.pid) setPriority(building.pid, 19)
      } catch {
        // a priority is a hint: a process that already ended, or a system that refuses, is fine
      }
    },
    cancel() {
      building?.kill('SIGTERM')
    },
    close() {
      ready?.kill('SIGTERM')
      ready = undefined
    },
  }
}

export interface IsolatedOutcome {
  readonly hosts: readonly string[]
  readonly outcome: BatchOutcome
  readonly outDir: string
}

/**
 * Builds a batch; when it fails and holds more than one tenant, builds each half again, so one
 * tenant whose pages throw costs about log2(batch) extra builds and the others still publish.
 */
export async function buildIsolating(
  job: BatchJob,
  builder: BatchBuilder,
  log: (line: string) => void,
  outDirFor: (hosts: readonly string[]) => string,
  settled: (host: string) => boolean = () => false,
): Promise<IsolatedOutcome[]> {
  const outcome = await builder(job, log)
  // the tenants published while the batch was building are not built again
  const open = job.hosts.filter((host) => !settled(host))
  if (outcome.ok || open.length <= 1) {
    return [{ hosts: job.hosts, outcome, outDir: job.outDir }]
  }
  log(`batch of ${open.length} failed (${outcome.error}); building its halves apart`)
  await rm(job.outDir, { recursive: true, force: true })
  const middle = Math.ceil(open.length / 2)
  const results: IsolatedOutcome[] = []
  for (const hosts of [open.slice(0, middle), open.slice(middle)]) {
    const half = { ...job, hosts, outDir: outDirFor(hosts) }
    results.push(...(await buildIsolating(half, builder, log, outDirFor, settled)))
  }
  return results
}
