import { build } from 'astro'
import { DEFAULT_SNAPSHOT_DIR, SNAPSHOT_DIR_ENV, TENANTS_ENV } from '../../src/site/snapshots'
import {
  type BatchChildJob,
  type BatchChildResult,
  isBatchChildJob,
  RESULT_MARK,
} from './batch-result'

/**
 * One Astro build of a batch of tenants, run as its own process by batches.ts so that each
 * batch starts with a fresh heap and the memory of a large run stays bounded. The pages pick
 * their tenants from SITES_TENANTS and their data from SITES_SNAPSHOT_DIR (src/site/snapshots.ts).
 * The last stdout line carries the timing and the peak resident memory of this process.
 *
 * Started with an IPC channel and BUILD_WARM=1, the process loads Astro (over a second) and then
 * waits for its job as a message: the serve process keeps one such process ready, so a publish
 * does not pay that start-up. It still builds once and exits.
 */
async function run(job: BatchChildJob): Promise<void> {
  process.env[TENANTS_ENV] = job.hosts.join(',')
  process.env[SNAPSHOT_DIR_ENV] = job.snapshotDir
  const started = performance.now()
  await build({
    root: job.root,
    outDir: job.outDir,
    logLevel: process.env.BUILD_LOG_LEVEL === 'info' ? 'info' : 'warn',
  })
  const usage = process.resourceUsage()
  const result: BatchChildResult = {
    ms: Math.round(performance.now() - started),
    maxRssKb: usage.maxRSS,
    cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000),
  }
  process.stdout.write(`${RESULT_MARK}${JSON.stringify(result)}\n`)
}

function jobFromEnv(): BatchChildJob {
  const { BUILD_ROOT: root, BUILD_OUT_DIR: outDir } = process.env
  if (!root || !outDir) throw new Error('BUILD_ROOT and BUILD_OUT_DIR are required')
  const hosts = (process.env[TENANTS_ENV] ?? '').split(',').filter(Boolean)
  return { root, outDir, hosts, snapshotDir: process.env[SNAPSHOT_DIR_ENV] ?? DEFAULT_SNAPSHOT_DIR }
}

function nextMessage(): Promise<BatchChildJob> {
  return new Promise((resolve, reject) => {
    process.once('message', (message) =>
      isBatchChildJob(message) ? resolve(message) : reject(new Error('not a build job')),
    )
    // The parent went away before sending a job: nothing to do.
    process.once('disconnect', () => process.exit(0))
  })
}

const warm = process.env.BUILD_WARM === '1' && typeof process.send === 'function'
;(warm ? nextMessage() : Promise.resolve(jobFromEnv())).then(run).then(
  // Astro can leave handles open (watchers, workers): the build is done, so leave.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error))
    process.exit(1)
  },
)
