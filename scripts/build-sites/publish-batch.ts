import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { snapshotFile } from '#site/snapshots'
import { errorMessage } from '../shared/paths'
import type { ReadyGroup } from './batch-result'
import type { BatchOutcome } from './batches'
import { compressLive, compressTree } from './compress'
import type { BuildConfig } from './config'
import { pageFile } from './dependents'
import { publishFolder } from './publish-atomic'
import { publishInPlace } from './publish-in-place'
import { MAINTENANCE_DIR, publishAssets, publishMaintenance } from './publish-shared'
import type { TenantReport } from './report'
import { liveScriptHashes, readSnapshotFile, writeSiteHeaders } from './site-headers'
import { countHtml } from './tree'

/**
 * Publishes the tenants of a run's batches: each one as soon as its build process says its
 * pages are written (tenants-when-ready.ts), the others when their batch's build is over; one
 * publish at a time, in that order (docs/decisions/074-serve-while-building.md).
 */
export interface BatchPublisher {
  /** A tenant (or the maintenance page) of a running build is whole in `dir`: publish it. */
  ready(ready: ReadyGroup): void
  /** The build of `hosts` is over: publish the ones still waiting, or record their failure. */
  finish(hosts: readonly string[], outcome: BatchOutcome, outDir: string): Promise<void>
  /** True once `host` is published by this run: a failed batch does not build it again. */
  settled(host: string): boolean
  /** Resolves once the tenants announced so far are published (or failed). */
  idle(): Promise<void>
  /** Removes the output folders left (those of failed builds). */
  cleanup(): Promise<void>
  /** Time spent publishing, and the part of it spent compressing (ms). */
  readonly stats: { readonly publishMs: number; readonly compressMs: number }
}

export function createBatchPublisher(
  config: BuildConfig,
  selected: readonly string[] | undefined,
  record: (report: TenantReport) => void,
): BatchPublisher {
  let chain: Promise<void> = Promise.resolve()
  let failure: unknown
  const published = new Set<string>()
  const assetsDone = new Set<string>()
  const dirs = new Set<string>()
  let publishMs = 0
  let compressMs = 0
  const compressing = async <T>(work: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    try {
      return await work()
    } finally {
      compressMs += performance.now() - started
    }
  }

  const publishGroup = async (dir: string, group: string) => {
    if (published.has(group)) return
    published.add(group)
    const started = performance.now()
    try {
      // the batch's assets before its first page: a page must never point at a missing one
      let assetCopies: (() => Promise<number>) | undefined
      if (!assetsDone.has(dir)) {
        assetsDone.add(dir)
        try {
          assetCopies = await publishAssets(config.root, dir, config.sitesDir)
        } catch (error) {
          // not published: the batch's next page tries again rather than go live without them
          assetsDone.delete(dir)
          // the maintenance page is no tenant: its failure fails the run, as it always did
          if (group === MAINTENANCE_DIR) throw error
          return record({ host: group, status: 'failed', error: `assets: ${errorMessage(error)}` })
        }
      }
      if (group === MAINTENANCE_DIR) await publishMaintenance(dir, config.sitesDir)
      else record(await publishTenant(dir, group, config, selected, compressing))
      if (assetCopies) await compressing(assetCopies)
    } finally {
      publishMs += performance.now() - started
    }
  }
  const queue = (work: () => Promise<void>) => {
    chain = chain.then(work).catch((error: unknown) => {
      failure ??= error
    })
    return chain
  }

  return {
    ready({ group, dir }) {
      dirs.add(dir)
      void queue(() => publishGroup(dir, group))
    },
    async finish(hosts, outcome, outDir) {
      const dir = (outcome.ok && outcome.dir) || outDir
      dirs.add(outDir).add(dir)
      await queue(async () => {
        for (const host of hosts) {
          if (published.has(host)) continue
          if (outcome.ok) await publishGroup(dir, host)
          else record({ host, status: 'failed', error: outcome.error })
        }
        if (outcome.ok) await publishGroup(dir, MAINTENANCE_DIR)
        await rm(dir, { recursive: true, force: true })
        await rm(outDir, { recursive: true, force: true })
      })
      if (failure !== undefined) throw failure
    },
    settled: (host) => published.has(host),
    idle: () => chain,
    async cleanup() {
      await chain
      for (const dir of dirs) await rm(dir, { recursive: true, force: true })
    },
    get stats() {
      return { publishMs, compressMs }
    },
  }
}

async function publishTenant(
  outDir: string,
  host: string,
  config: BuildConfig,
  selected: readonly string[] | undefined,
  compressing: <T>(work: () => Promise<T>) => Promise<T>,
): Promise<TenantReport> {
  const folder = join(outDir, host)
  if (!existsSync(folder)) return { host, status: 'failed', error: 'the build rendered no page' }
  try {
    // decision 070: a page of the list the build did not render no longer exists (an old slug)
    const removed = selected?.map(pageFile).filter((file) => !existsSync(join(folder, file)))
    const pages = await countHtml(folder)
    // decision 026: unchanged files keep their brotli copies (decision 105); the build process wrote
    // those of the changed ones (decision 074); any still missing are written once live, so
    // brotli never delays a publish
    const live = join(config.sitesDir, host)
    const { deferred } = await compressing(() => compressTree(folder, live, { deferChanged: true }))
    // decision 019: the security headers travel with the site they describe; a partial build
    // keeps allowing the scripts of the live pages it did not render
    const snapshot = readSnapshotFile(snapshotFile(config.snapshotDir, host))
    await writeSiteHeaders(folder, snapshot, process.env, removed ? liveScriptHashes(live) : [])
    // a publish's dependent pages replace theirs in place; a whole build swaps the whole tree
    const result = removed
      ? await publishInPlace(folder, config.sitesDir, host, removed)
      : await publishFolder(folder, config.sitesDir, host)
    await compressing(() => compressLive(live, deferred))
    const status = result.changed ? 'published' : 'unchanged'
    return { host, status, pages, written: result.written }
  } catch (error) {
    return { host, status: 'failed', error: `publish: ${errorMessage(error)}` }
  }
}
