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

/**
 * A build child's output, line by line, for the job it is on: a long-lived child (decision 097)
 * prints one job's lines after another's. The last lines are kept for a failure's reason, also
 * those printed before any job (a bundling error).
 */
interface Channel {
  readonly child: ChildProcess
  readonly exited: Promise<number | null>
  readonly tail: string[]
  listener?: ((line: string) => void) | undefined
}

function channelOf(child: ChildProcess): Channel {
  const channel: Channel = { child, exited: exitOf(child), tail: [] }
  const see = (line: string) => {
    if (!line.startsWith(RESULT_MARK) && !line.startsWith(READY_MARK) && line.trim() !== '') {
      channel.tail.push(line)
      if (channel.tail.length > 20) channel.tail.shift()
    }
    channel.listener?.(line)
  }
  if (child.stdout) createInterface({ input: child.stdout }).on('line', see)
  if (child.stderr) createInterface({ input: child.stderr }).on('line', see)
  return channel
}

/**
 * Reads a build child's output for one job: its result line, or the error lines it printed.
 * The job is over at the child's exit, or at a result that says the child takes another job.
 */
async function outcomeOf(
  channel: Channel,
  log: (line: string) => void,
  onReady: (ready: ReadyGroup) => void = () => undefined,
): Promise<BatchOutcome> {
  let result: BatchChildResult | undefined
  let staying: () => void = () => undefined
  const stays = new Promise<void>((resolve) => {
    staying = resolve
  })
  channel.listener = (line) => {
    if (line.startsWith(RESULT_MARK)) {
      result = JSON.parse(line.slice(RESULT_MARK.length)) as BatchChildResult
      if (result.next) staying()
    } else if (line.startsWith(READY_MARK)) {
      onReady(JSON.parse(line.slice(READY_MARK.length)) as ReadyGroup)
    } else if (line.trim() !== '') log(`  astro: ${line}`)
  }
  const code = await Promise.race([channel.exited, stays.then(() => 'staying' as const)])
  channel.listener = undefined
  if (result && (code === 0 || code === 'staying')) {
    channel.tail.length = 0
    return { ok: true, ...result }
  }
  // The message, not a stack frame (whose file names may contain "error" too).
  const messages = channel.tail.filter((l) => !/^\s*at\s/.test(l))
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
  return outcomeOf(channelOf(spawnBatch(job.root, env, false)), log, onReady)
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
 * and keeps it for the jobs after while it says it takes another (decision 097); otherwise, and
 * after a job whose build was lowered or cancelled, a successor is started once that build is
 * over (not during it: the machine may have two cores).
 */
export function createWarmBuilder(root: string): WarmBuilder {
  const start = () => channelOf(spawnBatch(root, { BUILD_WARM: '1' }, true))
  let ready: Channel | undefined = start()
  let building: Channel | undefined
  // a lowered process keeps its low priority for life (raising it back needs privileges)
  let lowered = false
  return {
    async build(job, log, onReady) {
      let channel = ready?.child.connected ? ready : undefined
      ready = undefined
      channel ??= start()
      building = channel
      lowered = false
      const outcome = outcomeOf(channel, log, onReady)
      channel.child.send(job)
      const result = await outcome
      building = undefined
      const reusable = result.ok && result.next === true && !lowered && channel.child.connected
      if (reusable) ready = channel
      else {
        channel.child.kill('SIGTERM')
        try {
          ready = start()
        } catch {
          // stopping: no successor is wanted
        }
      }
      return result
    },
    lower() {
      try {
        if (building?.child.pid) setPriority(building.child.pid, 19)
        lowered = building !== undefined
      } catch {
        // a priority is a hint: a process that already ended, or a system that refuses, is fine
      }
    },
    cancel() {
      building?.child.kill('SIGTERM')
    },
    close() {
      ready?.child.kill('SIGTERM')
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
