/** The line astro-batch.ts ends with, read by batches.ts (kept apart: the child runs on import). */
export const RESULT_MARK = '@@astro-batch '

export interface BatchChildResult {
  readonly ms: number
  /** Peak resident set size of the build process, in kB (getrusage ru_maxrss). */
  readonly maxRssKb: number
  /** CPU time (user + system) of the build: unlike wall time, barely moved by other load. */
  readonly cpuMs: number
  /** Copies (COPIES.pages) written by the compression threads, and their busy time. */
  readonly copies?: number
  readonly compressMs?: number
  /** Where the output is, when not the job's outDir: the waiting process's own folder. */
  readonly dir?: string
  /** The process stays and takes another job (a long-lived build process, decision 097). */
  readonly next?: boolean
}

/** What a waiting ("warm") build process receives over IPC: the same facts as the env vars. */
export interface BatchChildJob {
  readonly root: string
  readonly outDir: string
  readonly hosts: readonly string[]
  readonly snapshotDir: string
  /** The pages to render (PAGES_ENV); absent: every page. */
  readonly pages?: readonly string[]
  /** The published sites: a page alike there keeps its published copies (none made again). */
  readonly sitesDir?: string
}

export function isBatchChildJob(value: unknown): value is BatchChildJob {
  if (typeof value !== 'object' || value === null) return false
  const job = value as Partial<Record<keyof BatchChildJob, unknown>>
  return (
    typeof job.root === 'string' &&
    typeof job.outDir === 'string' &&
    typeof job.snapshotDir === 'string' &&
    Array.isArray(job.hosts) &&
    (job.pages === undefined || Array.isArray(job.pages)) &&
    (job.sitesDir === undefined || typeof job.sitesDir === 'string')
  )
}

/**
 * The line an Astro build process prints when every page of one tenant (or of the maintenance
 * page, `_maintenance`) is written with its compressed copies, in the folder `dir`, before the
 * build is over (tenants-when-ready.ts).
 */
export const READY_MARK = '@@astro-ready '

export interface ReadyGroup {
  readonly group: string
  readonly dir: string
}
