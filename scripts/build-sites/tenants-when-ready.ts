import { join, sep } from 'node:path'
import type { AstroIntegration, AstroPrerenderer, PathWithRoute } from 'astro'
import { READY_MARK, type ReadyGroup } from './batch-result.ts'
import { isCompressible } from './compress-levels.ts'
import { divertWrites } from './divert-writes.ts'
import { type PageCopies, startPageCopies } from './page-copies.ts'

/**
 * Lets the publishing process take each tenant of a batch as soon as its pages are written, with
 * their compressed copies, while Astro renders the next tenant
 * (docs/decisions/074-serve-while-building.md). Runs inside the Astro build process
 * (astro-batch.ts), so it imports only Node, Astro's types and files that import nothing of the
 * project.
 */

/** The first segment of a page's path: its tenant's host, or `_maintenance`. */
export function groupOf(pathname: string): string {
  return pathname.split('/').find((segment) => segment !== '') ?? ''
}

/**
 * The paths tenant by tenant, the tenant with the fewest pages first: the small sites are
 * served first, and the first one within a second of the render starting. The order within a
 * tenant stays Astro's, so two routes that claim one path keep their precedence.
 */
export function inTenantOrder<T extends PathWithRoute>(paths: readonly T[]): T[] {
  const groups = new Map<string, T[]>()
  for (const path of paths) {
    const group = groupOf(path.pathname)
    const list = groups.get(group) ?? []
    list.push(path)
    groups.set(group, list)
  }
  return [...groups.entries()]
    .sort(([a, pa], [b, pb]) => pa.length - pb.length || a.localeCompare(b))
    .flatMap(([, list]) => list)
}

/** The files Astro will write per tenant: one per distinct path, as Astro dedupes them. */
export function expectedFiles(paths: readonly PathWithRoute[]): Map<string, number> {
  const distinct = new Set(paths.map((p) => p.pathname.replace(/\/$/, '')))
  const counts = new Map<string, number>()
  for (const pathname of distinct) {
    const group = groupOf(pathname)
    counts.set(group, (counts.get(group) ?? 0) + 1)
  }
  return counts
}

export interface ReadyOptions {
  /** Astro's output folder of this build (of its first job, in a long-lived process). */
  readonly outDir: string
  /** The published sites (dist/sites), known once the job is: pages alike there are not copied. */
  readonly sitesDir: () => string | undefined
  /** Told each tenant whose pages and copies are all written. */
  readonly onReady?: (ready: ReadyGroup) => void
  /**
   * Called once the first job's pages and copies are all written, before Astro ends its build:
   * a long-lived build process renders its later jobs from there with the same prerenderer
   * (later-jobs.ts, decision 097). What Astro did in the first job comes with it.
   */
  readonly afterFirstJob?: (prerenderer: AstroPrerenderer, seen: FirstJob) => Promise<void>
}

/** What Astro asked for and wrote in the first job, for later-jobs.ts to check its naming on. */
export interface FirstJob {
  readonly paths: readonly PathWithRoute[]
  readonly urls: ReadonlySet<string>
  readonly files: ReadonlySet<string>
}

export interface TenantsWhenReady {
  readonly integration: AstroIntegration
  /** Copies written and the compression threads' busy time (ms), for the current job. */
  stats(): { readonly copies: number; readonly ms: number }
  /** How many tenants of the current job were announced so far. */
  announced(): number
  /** A later job: its pages go to `outDir`, its tenants are announced afresh. */
  restart(outDir: string): void
  /** The paths a job will render, in the order to render them (starts its compression threads). */
  plan<T extends PathWithRoute>(paths: readonly T[]): T[]
  /** Waits for the job's copies, then ends the compression threads. */
  finish(): Promise<void>
}

const MAX_PENDING = 64

const printReady = (ready: ReadyGroup) =>
  process.stdout.write(`${READY_MARK}${JSON.stringify(ready)}\n`)

export function tenantsWhenReady(options: ReadyOptions): TenantsWhenReady {
  let outDir = options.outDir
  const onReady = options.onReady ?? printReady
  let copies: PageCopies | undefined
  let expected = new Map<string, number>()
  let written = new Map<string, Set<string>>()
  let copying = new Map<string, number>()
  let told = new Set<string>()
  let broken = new Map<string, string>()
  // the first job only: what Astro rendered and wrote
  const first = { paths: [] as PathWithRoute[], urls: new Set<string>(), files: new Set<string>() }
  let firstJob = true

  const check = (group: string) => {
    const files = written.get(group)?.size ?? 0
    if (broken.has(group)) return
    if (told.has(group) || files < (expected.get(group) ?? Infinity)) return
    if ((copying.get(group) ?? 0) > 0) return
    told.add(group)
    onReady({ group, dir: outDir })
  }

  // called twice a page on the render thread: string slicing, not path.relative
  const groupIn = (path: string) => {
    if (!path.startsWith(outDir + sep)) return undefined
    const end = path.indexOf(sep, outDir.length + 1)
    return path.slice(outDir.length + 1, end === -1 ? undefined : end)
  }
  // a job's tenant pages are written by the threads (divert-writes.ts); the shared folders
  // (`_maintenance`) stay Astro's, and keep their own levels given when they are published
  // (publish-shared.ts)
  const isDiverted = (path: string) => {
    const group = groupIn(path)
    return (
      copies !== undefined && group !== undefined && expected.has(group) && !group.startsWith('_')
    )
  }

  /** A file of `group` (groupIn), written by Astro or handed to the threads to `write`. */
  const record = (
    file: string,
    group: string,
    bytes: Uint8Array,
    write: boolean,
  ): Promise<void> | undefined => {
    const rel = file.slice(outDir.length + 1)
    if (firstJob) first.files.add(rel.split(sep).join('/'))
    if (!expected.has(group)) return undefined
    const files = written.get(group) ?? new Set<string>()
    files.add(rel)
    written.set(group, files)
    const compress = !group.startsWith('_') && isCompressible(file)
    if (copies && (write || compress)) {
      const jobCopying = copying
      const jobBroken = broken
      jobCopying.set(group, (jobCopying.get(group) ?? 0) + 1)
      const sites = options.sitesDir()
      const published = sites === undefined ? {} : { published: join(sites, rel) }
      const done = copies.add(file, bytes, { write, compress, ...published })
      return done.then(({ pageError }) => {
        // a page not written: its tenant is never announced, and its job fails at its end
        if (write && pageError !== undefined) jobBroken.set(group, `${rel}: ${pageError}`)
        jobCopying.set(group, (jobCopying.get(group) ?? 1) - 1)
        if (jobCopying === copying) check(group)
      })
    }
    check(group)
    return undefined
  }

  divertWrites({
    diverted: isDiverted,
    async divert(file, bytes) {
      const done = record(file, groupIn(file) ?? '', bytes, true)
      // the render runs ahead of the threads by this many pages at most (memory)
      if (done && (copies?.pending() ?? 0) > MAX_PENDING) await done
    },
    written(file, bytes) {
      // Astro's other files (its assets, its chunks) are not watched
      const group = groupIn(file)
      if (group !== undefined) void record(file, group, bytes, false)
    },
  })

  const plan = <T extends PathWithRoute>(paths: readonly T[]): T[] => {
    expected = expectedFiles(paths)
    copies = startPageCopies()
    return inTenantOrder(paths)
  }
  const finish = async () => {
    await copies?.close()
    const [reason] = broken.values()
    if (reason !== undefined) throw new Error(`pages not written: ${reason}`)
  }

  const wrap = (base: AstroPrerenderer): AstroPrerenderer =>
    // the base's own fields (set by its setup) stay readable through the prototype
    Object.assign(Object.create(base) as AstroPrerenderer, {
      name: 'storefront:tenants-when-ready',
      async getStaticPaths() {
        const paths = await base.getStaticPaths()
        if (firstJob) first.paths = paths
        return plan(paths)
      },
      render(request: Request, context: Parameters<AstroPrerenderer['render']>[1]) {
        if (firstJob) first.urls.add(request.url)
        return base.render(request, context)
      },
      async teardown() {
        await finish()
        if (options.afterFirstJob) {
          firstJob = false
          await options.afterFirstJob(base, first)
        }
        await base.teardown?.()
      },
    })

  return {
    integration: {
      name: 'storefront:tenants-when-ready',
      hooks: {
        'astro:build:start': ({ setPrerenderer }) => setPrerenderer(wrap),
      },
    },
    stats: () => copies?.stats ?? { copies: 0, ms: 0 },
    announced: () => told.size,
    restart(dir) {
      outDir = dir
      expected = new Map()
      written = new Map()
      copying = new Map()
      told = new Set()
      broken = new Map()
      copies = undefined
    },
    plan,
    finish,
  }
}
