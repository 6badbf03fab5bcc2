import { promises as fsp } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AstroIntegration, AstroPrerenderer, PathWithRoute } from 'astro'
import { READY_MARK, type ReadyGroup } from './batch-result.ts'
import { isCompressible } from './compress-levels.ts'
import { type PageCopies, startPageCopies } from './page-copies.ts'

/**
 * Lets the publishing process take each tenant of a batch as soon as its pages are written, with
 * their brotli and gzip copies, while Astro renders the next tenant
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

type WriteFile = typeof fsp.writeFile

/**
 * Calls `onWritten` after each file Astro writes under `root`, with its bytes. Astro offers no
 * hook once a page's file is written (its prerenderer API sees the response, not the write), and
 * a tenant may be published only when every page of it is whole on disk; Astro writes each page
 * with one `fs.promises.writeFile`. Should that change, nothing is observed and every tenant is
 * published when the build ends, as before: slower, never wrong.
 */
function observeWrites(root: () => string, onWritten: (file: string, bytes: Uint8Array) => void) {
  const original: WriteFile = fsp.writeFile
  const observed: WriteFile = async (file, data, options) => {
    await original(file, data, options)
    const path = file instanceof URL ? fileURLToPath(file) : typeof file === 'string' ? file : ''
    if (!path.startsWith(root() + sep)) return
    if (typeof data === 'string') onWritten(path, Buffer.from(data))
    else if (data instanceof Uint8Array) onWritten(path, data)
  }
  fsp.writeFile = observed
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
  // the first job only: what Astro rendered and wrote
  const first = { paths: [] as PathWithRoute[], urls: new Set<string>(), files: new Set<string>() }
  let firstJob = true

  const check = (group: string) => {
    const files = written.get(group)?.size ?? 0
    if (told.has(group) || files < (expected.get(group) ?? Infinity)) return
    if ((copying.get(group) ?? 0) > 0) return
    told.add(group)
    onReady({ group, dir: outDir })
  }

  observeWrites(
    () => outDir,
    (file, bytes) => {
      const rel = relative(outDir, file)
      if (firstJob) first.files.add(rel.split(sep).join('/'))
      const group = rel.split(sep)[0] ?? ''
      if (!expected.has(group)) return
      const files = written.get(group) ?? new Set<string>()
      files.add(rel)
      written.set(group, files)
      // the shared folders keep their own levels, given when they are published (publish-shared.ts)
      if (copies && !group.startsWith('_') && isCompressible(file)) {
        const jobCopying = copying
        jobCopying.set(group, (jobCopying.get(group) ?? 0) + 1)
        const sites = options.sitesDir()
        copies.add(file, bytes, sites === undefined ? undefined : join(sites, rel)).then(() => {
          jobCopying.set(group, (jobCopying.get(group) ?? 1) - 1)
          if (jobCopying === copying) check(group)
        })
      }
      check(group)
    },
  )

  const plan = <T extends PathWithRoute>(paths: readonly T[]): T[] => {
    expected = expectedFiles(paths)
    copies = startPageCopies()
    return inTenantOrder(paths)
  }
  const finish = async () => {
    await copies?.close()
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
      copies = undefined
    },
    plan,
    finish,
  }
}
