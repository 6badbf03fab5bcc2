import { rmSync } from 'node:fs'
import type { AstroPrerenderer } from 'astro'
import type { BatchChildJob } from './batch-result.ts'
import { distinctPaths, renderPaths } from './later-jobs.ts'
import type { TenantsWhenReady } from './tenants-when-ready.ts'

/**
 * The later jobs of a long-lived build process (decision 097): each one's pages rendered with
 * the prerenderer of the first, into a folder of its own, its tenants announced as they are
 * written, then its result. The process leaves (and the publishing process starts another) once
 * `retire` gives a reason: its memory, its number of jobs.
 */
export interface JobLoop {
  readonly prerenderer: AstroPrerenderer
  readonly ready: TenantsWhenReady
  /** The origin Astro rendered the first job's pages at. */
  readonly origin: string
  readonly outDirFor: (job: number) => string
  readonly nextJob: () => Promise<BatchChildJob>
  readonly applyJob: (job: BatchChildJob, id: number) => void
  /**
   * Prints the job's result; `cpuFrom` is the process's CPU time (µs) when the job began, `next`
   * says whether this process takes another job.
   */
  readonly report: (started: number, cpuFrom: number, dir: string, next: boolean) => void
  readonly retire: (jobsDone: number) => string | undefined
}

interface RouteCacheHolder {
  readonly app?: { readonly routeCache?: { clearAll?: () => void } }
}

/**
 * Astro keeps each route's getStaticPaths answer (and the props of every path) for the life of
 * the app: a later job must forget the first job's, or its pages would render the old data. The
 * app is the default prerenderer's, set by its setup; without this hook no later job is taken.
 */
export function routeCacheClearer(prerenderer: AstroPrerenderer): (() => void) | undefined {
  const cache = (prerenderer as RouteCacheHolder).app?.routeCache
  const clearAll = cache?.clearAll
  return clearAll ? () => clearAll.call(cache) : undefined
}

export async function serveLaterJobs(loop: JobLoop, clear: () => void): Promise<never> {
  for (let n = 1; ; n++) {
    const job = await loop.nextJob()
    const started = performance.now()
    const cpu = process.cpuUsage()
    const outDir = loop.outDirFor(n)
    loop.applyJob(job, n)
    clear()
    loop.ready.restart(outDir)
    try {
      const paths = loop.ready.plan(distinctPaths(await loop.prerenderer.getStaticPaths()))
      await renderPaths(loop.prerenderer, paths, outDir, loop.origin)
      await loop.ready.finish()
    } catch (error) {
      // as a fresh build process: a folder the publishing process never heard of is ours to remove
      if (loop.ready.announced() === 0) rmSync(outDir, { recursive: true, force: true })
      throw error
    }
    const reason = loop.retire(n + 1)
    loop.report(started, cpu.user + cpu.system, outDir, reason === undefined)
    if (reason !== undefined) {
      process.stderr.write(`build process retires after ${n + 1} jobs: ${reason}\n`)
      process.exit(0)
    }
  }
}
