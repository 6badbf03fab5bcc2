import { mkdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type AstroInlineConfig, type AstroPrerenderer, build } from 'astro'
import {
  DEFAULT_SNAPSHOT_DIR,
  JOB_ENV,
  PAGES_ENV,
  SNAPSHOT_DIR_ENV,
  TENANTS_ENV,
} from '#site/snapshot-env.ts'
import {
  type BatchChildJob,
  type BatchChildResult,
  isBatchChildJob,
  RESULT_MARK,
} from './batch-result.ts'
import { routeCacheClearer, serveLaterJobs } from './job-loop.ts'
import { namingMatches } from './later-jobs.ts'
import { type FirstJob, type TenantsWhenReady, tenantsWhenReady } from './tenants-when-ready.ts'
import { removeStaleBatches } from './work-dir.ts'

/**
 * One Astro build of a batch of tenants, run as its own process by batches.ts so that each
 * batch starts with a fresh heap and the memory of a large run stays bounded. The pages pick
 * their tenants from SITES_TENANTS and their data from SITES_SNAPSHOT_DIR (src/site/snapshots.ts).
 * The last stdout line carries the timing and the peak resident memory of this process.
 *
 * Started with an IPC channel and BUILD_WARM=1, the process loads Astro (over a second) and
 * bundles the site (Vite: about 3 s), then waits for its job as a message before Astro generates
 * the pages: the serve process keeps one such process ready, so a publish pays neither start-up
 * nor bundling, only the pages (docs/decisions/070-publish-event-in-the-contract.md). The bundle
 * holds code, not data: the pages read the tenants and their snapshots when they are generated.
 * Once the first job is done the process stays and renders the next jobs with the same loaded
 * bundle, until it retires (job-loop.ts, decision 097): a publish then pays neither bundling nor
 * the first renders' cold code.
 *
 * Each tenant is announced on stdout as soon as its pages and their compressed copies are written
 * (tenants-when-ready.ts), so the publishing process serves it while the next one renders.
 *
 * It runs on Node's own type stripping, without the tsx loader: tsx would hook every module the
 * build imports, the large prerender bundle included (about 1.5 s of CPU a build). Hence the
 * `.ts` import paths, and imports only of files that import nothing of the project.
 */
type VitePlugins = NonNullable<NonNullable<AstroInlineConfig['vite']>['plugins']>

/** Points the page generation at the job's tenants and snapshots. */
function applyJob(job: BatchChildJob, id = 0): void {
  // a new job id: the pages' per-job caches start empty (src/site/job-scope.ts)
  process.env[JOB_ENV] = String(id)
  process.env[TENANTS_ENV] = job.hosts.join(',')
  // absolute: the build runs from another folder (below)
  process.env[SNAPSHOT_DIR_ENV] = resolve(job.snapshotDir)
  if (job.pages) process.env[PAGES_ENV] = job.pages.join(',')
  else delete process.env[PAGES_ENV]
}

/**
 * The Astro build, from its own folder: Astro writes its prerender chunks (and removes them
 * after) in `<cwd>/.astro` when the output lies outside the working directory, so two builds
 * started from the repository at once (a publish while another build runs, the tests) would
 * delete each other's chunks. Each build works from its own folder inside the repository (the
 * chunks must resolve node_modules). `beforePages` runs once the bundles are built, before the
 * pages are generated (a Vite `buildApp` hook ordered before Astro's own, which generates them).
 */
async function astroBuild(
  root: string,
  ready: TenantsWhenReady,
  outDir: string,
  beforePages?: () => Promise<void>,
) {
  const cwd = join(root, '.data', 'astro-cwd', String(process.pid))
  mkdirSync(cwd, { recursive: true })
  // a long-lived process leaves from within the build (job-loop.ts): its folder goes with it
  process.once('exit', () => rmSync(cwd, { recursive: true, force: true }))
  process.chdir(cwd)
  const plugins: VitePlugins = beforePages
    ? [{ name: 'storefront:wait-for-job', buildApp: { order: 'post', handler: beforePages } }]
    : []
  await build({
    root,
    outDir,
    logLevel: process.env.BUILD_LOG_LEVEL === 'info' ? 'info' : 'warn',
    integrations: [ready.integration],
    vite: { plugins },
  }).finally(() => rmSync(cwd, { recursive: true, force: true }))
}

function report(
  started: number,
  dir: string,
  ready: TenantsWhenReady,
  next = false,
  cpuFrom = 0,
): void {
  const usage = process.resourceUsage()
  const { copies, ms } = ready.stats()
  const result: BatchChildResult = {
    ms: Math.round(performance.now() - started),
    maxRssKb: usage.maxRSS,
    cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime - cpuFrom) / 1000),
    copies,
    compressMs: Math.round(ms),
    dir,
    ...(next ? { next } : {}),
  }
  process.stdout.write(`${RESULT_MARK}${JSON.stringify(result)}\n`)
}

async function run(job: BatchChildJob): Promise<void> {
  applyJob(job)
  const started = performance.now()
  const outDir = resolve(job.outDir)
  const sitesDir = job.sitesDir === undefined ? undefined : resolve(job.sitesDir)
  const ready = tenantsWhenReady({ outDir, sitesDir: () => sitesDir })
  await astroBuild(resolve(job.root), ready, outDir)
  report(started, outDir, ready)
}

/** Jobs a process renders before it leaves for a fresh one (BUILD_WARM_JOBS), and its memory. */
const MAX_JOBS = Number(process.env.BUILD_WARM_JOBS) || 200
const MAX_RSS_BYTES = 1.5 * 1024 ** 3

function retire(jobsDone: number): string | undefined {
  if (jobsDone >= MAX_JOBS) return `${jobsDone} jobs`
  const rss = process.memoryUsage.rss()
  if (rss > MAX_RSS_BYTES) return `${Math.round(rss / 1024 ** 2)} MB resident`
  return undefined
}

/**
 * The waiting process: bundles into a folder of its own while no job is known, generates the
 * pages of the job once it arrives, and leaves the output there (the result names the folder:
 * the publishing process may already be moving tenants out of it). `ms` counts from the job's
 * arrival (what a publish waits for); the first job's `cpuMs` includes the bundling done ahead.
 * It then renders the later jobs itself (job-loop.ts), each in a folder of its own, unless its
 * first job showed that later-jobs.ts would not name the pages as Astro did.
 */
async function runWarm(): Promise<void> {
  const root = process.cwd()
  // a waiting process is stopped with the serve process, its folders left behind: removed here
  await removeStaleBatches(join(root, '.data', 'astro-warm'))
  await removeStaleBatches(join(root, '.data', 'astro-cwd'))
  // named after the publishing process first: it publishes from this folder after this process
  // has ended, and removeStaleBatches leaves the folders of live processes alone
  const outDirFor = (n: number) =>
    join(root, '.data', 'astro-warm', `${process.ppid}-warm-${process.pid}${n ? `-${n}` : ''}`)
  const warmOut = outDirFor(0)
  let job: BatchChildJob | undefined
  let started = 0
  const afterFirstJob = async (prerenderer: AstroPrerenderer, seen: FirstJob) => {
    const naming = namingMatches(seen)
    const clear = routeCacheClearer(prerenderer)
    const why = !naming.ok ? naming.why : clear ? retire(1) : 'no route cache to clear'
    if (!naming.ok || !clear || why !== undefined) {
      process.stderr.write(`build process takes no other job: ${why}\n`)
      return
    }
    report(started, warmOut, ready, true)
    await serveLaterJobs(
      {
        prerenderer,
        ready,
        origin: naming.origin,
        outDirFor,
        retire,
        applyJob,
        nextJob: async () => {
          job = await nextJobFor(root)
          return job
        },
        report: (from, cpuFrom, dir, more) => report(from, dir, ready, more, cpuFrom),
      },
      clear,
    )
  }
  const ready = tenantsWhenReady({
    outDir: warmOut,
    sitesDir: () => (job?.sitesDir === undefined ? undefined : resolve(job.sitesDir)),
    afterFirstJob,
  })
  try {
    await astroBuild(root, ready, warmOut, async () => {
      job = await nextJobFor(root)
      started = performance.now()
      applyJob(job)
    })
  } catch (error) {
    // a folder the publishing process never heard of is this process's to remove; one it was
    // told of (a tenant announced) it removes itself once done with it (publish-batch.ts)
    if (ready.announced() === 0) rmSync(warmOut, { recursive: true, force: true })
    throw error
  }
  if (!job) throw new Error('no build job')
  report(started, warmOut, ready)
}

function jobFromEnv(): BatchChildJob {
  const { BUILD_ROOT: root, BUILD_OUT_DIR: outDir } = process.env
  if (!root || !outDir) throw new Error('BUILD_ROOT and BUILD_OUT_DIR are required')
  const hosts = (process.env[TENANTS_ENV] ?? '').split(',').filter(Boolean)
  const snapshotDir = process.env[SNAPSHOT_DIR_ENV] ?? DEFAULT_SNAPSHOT_DIR
  const pages = process.env[PAGES_ENV]?.split(',').filter(Boolean)
  const sitesDir = process.env.BUILD_SITES_DIR
  return {
    root,
    outDir,
    hosts,
    snapshotDir,
    ...(pages ? { pages } : {}),
    ...(sitesDir ? { sitesDir } : {}),
  }
}

// The parent went away before sending a job: nothing to do. Once for the process's life: a
// long-lived process waits for many jobs.
process.once('disconnect', () => process.exit(0))

/** The next job from the publishing process, for the project this process bundled. */
async function nextJobFor(root: string): Promise<BatchChildJob> {
  const job = await new Promise<BatchChildJob>((resolve, reject) => {
    process.once('message', (message) =>
      isBatchChildJob(message) ? resolve(message) : reject(new Error('not a build job')),
    )
  })
  if (resolve(job.root) !== root) throw new Error(`the waiting build serves ${root} only`)
  return job
}

const warm = process.env.BUILD_WARM === '1' && typeof process.send === 'function'
;(warm ? runWarm() : run(jobFromEnv())).then(
  // Astro can leave handles open (watchers, workers): the build is done, so leave.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error))
    process.exit(1)
  },
)
