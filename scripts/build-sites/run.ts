import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { ApiContext } from '#api/index'
import type { PublishEvent } from '#contract/publish-event'
import { snapshotFile } from '#site/snapshots'
import { errorMessage } from '../shared/paths'
import { runPool } from '../shared/pool'
import { type BatchBuilder, buildBatchInChild, buildIsolating, chunk } from './batches'
import { compressLive, compressTree } from './compress'
import type { BuildConfig } from './config'
import { dependentPages, pageFile } from './dependents'
import { publishFolder } from './publish-atomic'
import { publishShared } from './publish-shared'
import { pullSnapshot, serverContext } from './pull'
import { progressLine, type RunSummary, summarize, type TenantReport } from './report'
import { readSnapshotFile, writeSiteHeaders } from './site-headers'
import { writeSnapshot } from './snapshot-write'
import { countHtml } from './tree'
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
 * build the tenants in batches of Astro processes, and publish each tenant's folder atomically.
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
  let publishMs = 0
  let peakRssKb = 0
  let processes = 0
  // BUILD_PARALLEL batches at once: each Astro process renders on one core.
  if (pages) log(`pages rebuilt: ${pages.join(' ')}`)
  await runPool(chunk(ready, config.batchSize), config.parallel, async (batch) => {
    const job = {
      hosts: batch,
      root: config.root,
      snapshotDir: config.snapshotDir,
      ...(pages ? { pages } : {}),
    }
    const outcomes = await buildIsolating({ ...job, outDir: outDirFor() }, builder, log, outDirFor)
    for (const { hosts: built, outcome, outDir } of outcomes) {
      processes++
      peakRssKb = Math.max(peakRssKb, outcome.maxRssKb ?? 0)
      try {
        if (!outcome.ok) {
          for (const host of built) record({ host, status: 'failed', error: outcome.error })
          continue
        }
        buildMs += outcome.ms
        cpuMs += outcome.cpuMs
        const publishing = performance.now()
        await publishShared(config.root, outDir, config.sitesDir)
        for (const host of built) record(await publishTenant(outDir, config, host, pages))
        publishMs += performance.now() - publishing
      } finally {
        await rm(outDir, { recursive: true, force: true })
      }
    }
  })
  const seconds = (performance.now() - started) / 1000
  return summarize(reports, { seconds, buildMs, cpuMs, publishMs, peakRssKb, batches: processes })
}

async function publishTenant(
  outDir: string,
  config: BuildConfig,
  host: string,
  selected: readonly string[] | undefined,
): Promise<TenantReport> {
  const folder = join(outDir, host)
  if (!existsSync(folder)) return { host, status: 'failed', error: 'the build rendered no page' }
  try {
    // decision 070: a page of the list the build did not render no longer exists (an old slug)
    const partial = selected && {
      removed: selected.map(pageFile).filter((file) => !existsSync(join(folder, file))),
    }
    const pages = await countHtml(folder)
    // decision 026: unchanged files keep their brotli and gzip copies; the changed ones get
    // theirs once live, so brotli never delays a publish
    const live = join(config.sitesDir, host)
    const { deferred } = await compressTree(folder, live, { deferChanged: true })
    // decision 019: the security headers travel with the site they describe
    await writeSiteHeaders(folder, readSnapshotFile(snapshotFile(config.snapshotDir, host)))
    const result = await publishFolder(folder, config.sitesDir, host, partial ? { partial } : {})
    await compressLive(live, deferred)
    const status = result.changed ? 'published' : 'unchanged'
    return { host, status, pages, written: result.written }
  } catch (error) {
    return { host, status: 'failed', error: `publish: ${errorMessage(error)}` }
  }
}
