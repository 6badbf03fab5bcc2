import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { ApiContext } from '#api/index'
import type { PublishEvent } from '#contract/publish-event'
import { snapshotFile } from '#site/snapshots'
import { errorMessage } from '../shared/paths'
import { runPool } from '../shared/pool'
import { type BatchBuilder, buildBatchInChild, buildIsolating, chunk } from './batches'
import type { BuildConfig } from './config'
import { dependentPages } from './dependents'
import { createBatchPublisher } from './publish-batch'
import { pullSnapshot, serverContext } from './pull'
import { progressLine, type RunSummary, summarize, type TenantReport } from './report'
import { readSnapshotFile } from './site-headers'
import { writeSnapshot } from './snapshot-write'
import { removeStaleBatches } from './work-dir'

/** Tenants pulled at once: the API is one process and the build should not flood it. */
const PULL_CONCURRENCY = 4

export interface RunOptions {
  readonly hosts: readonly string[]
  /** false: build from the snapshots already on disk (the bench, or an API that is down). */
  readonly pull: boolean
  readonly builder?: BatchBuilder
  readonly context?: ApiContext
  readonly log?: (line: string) => void
  /**
   * What changed, when one tenant is rebuilt for its publishes: its dependent pages alone are
   * rendered and published when the events allow it (./dependents.ts), the whole site otherwise.
   */
  readonly events?: readonly PublishEvent[]
}

/** The snapshot on disk before this run's pull, if any and valid. */
function previousSnapshot(config: BuildConfig, host: string) {
  try {
    return readSnapshotFile(snapshotFile(config.snapshotDir, host))
  } catch {
    return undefined
  }
}

/**
 * The whole of `build:sites`: pull and validate each tenant, write the snapshots that changed,
 * build the tenants in batches of Astro processes, and publish each tenant's folder atomically,
 * as soon as its pages are written (the build goes on with the next tenant meanwhile).
 * A tenant that fails at any step is reported and keeps its published site; the rest go on.
 */
export async function runBuild(config: BuildConfig, options: RunOptions): Promise<RunSummary> {
  const started = performance.now()
  const log = options.log ?? ((line: string) => console.log(line))
  const builder = options.builder ?? buildBatchInChild
  const hosts = [...new Set(options.hosts)]
  const reports: TenantReport[] = []
  const record = (report: TenantReport) => {
    reports.push(report)
    log(progressLine(reports.length, hosts.length, report))
  }

  const ready: string[] = []
  // the pages to render of the one tenant rebuilt for its publishes; none: every page
  let pages: string[] | undefined
  if (options.pull) {
    const context = options.context ?? serverContext(config.apiUrl)
    // Each snapshot goes to disk as soon as it is pulled: thousands of them are not kept in memory.
    const pulled = await runPool(hosts, PULL_CONCURRENCY, async (host) => {
      const before =
        options.events && hosts.length === 1 ? previousSnapshot(config, host) : undefined
      const result = await pullSnapshot(host, context)
      if (!result.ok) return result.error
      if (options.events && hosts.length === 1) {
        pages = dependentPages(options.events, before, result.snapshot)
      }
      return writeSnapshot(config.snapshotDir, result.snapshot).then(
        () => undefined,
        (error: unknown) => `snapshot: ${errorMessage(error)}`,
      )
    })
    pulled.forEach((error, i) => {
      const host = hosts[i] ?? ''
      if (error === undefined) ready.push(host)
      else record({ host, status: 'failed', error })
    })
  } else {
    for (const host of hosts) {
      if (existsSync(snapshotFile(config.snapshotDir, host))) ready.push(host)
      else record({ host, status: 'failed', error: 'no snapshot on disk' })
    }
  }

  // Batch folders are named after this run so two runs never share one.
  await removeStaleBatches(config.workDir)
  const runId = `${process.pid}-${Date.now().toString(36)}`
  let batchNo = 0
  const outDirFor = () => join(config.workDir, `${runId}-${batchNo++}`)
  let buildMs = 0
  let cpuMs = 0
  let copies = 0
  let buildCompressMs = 0
  let peakRssKb = 0
  let processes = 0
  // decision 074: each tenant is published as soon as its build process has written it
  const publisher = createBatchPublisher(config, pages, record)
  const tracked: BatchBuilder = async (job, jobLog) => {
    const outcome = await builder(job, jobLog, (ready) => publisher.ready(ready))
    // what it announced is published before its folder may go (a failed batch's is removed)
    await publisher.idle()
    return outcome
  }
  // BUILD_PARALLEL batches at once: each Astro process renders on one core.
  if (pages) log(`pages rebuilt: ${pages.join(' ')}`)
  try {
    await runPool(chunk(ready, config.batchSize), config.parallel, async (batch) => {
      const job = {
        hosts: batch,
        root: config.root,
        snapshotDir: config.snapshotDir,
        sitesDir: config.sitesDir,
        ...(pages ? { pages } : {}),
      }
      const outcomes = await buildIsolating(
        { ...job, outDir: outDirFor() },
        tracked,
        log,
        outDirFor,
        publisher.settled,
      )
      for (const { hosts: built, outcome, outDir } of outcomes) {
        processes++
        peakRssKb = Math.max(peakRssKb, outcome.maxRssKb ?? 0)
        if (outcome.ok) {
          buildMs += outcome.ms
          cpuMs += outcome.cpuMs
          copies += outcome.copies ?? 0
          buildCompressMs += outcome.compressMs ?? 0
        }
        await publisher.finish(built, outcome, outDir)
      }
    })
  } finally {
    await publisher.cleanup()
  }
  const seconds = (performance.now() - started) / 1000
  const { publishMs, compressMs } = publisher.stats
  return summarize(reports, {
    seconds,
    buildMs,
    cpuMs,
    publishMs,
    peakRssKb,
    batches: processes,
    compress: { copies, buildMs: buildCompressMs, publishMs: compressMs },
  })
}
