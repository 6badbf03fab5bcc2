import { promises as fsp } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import type { AstroPrerenderer, PathWithRoute } from 'astro'
import { type FirstJob, groupOf } from './tenants-when-ready.ts'

/**
 * The jobs a long-lived build process renders after its first (decision 097): with the
 * prerenderer Astro set up for the first job, whose bundle holds code, not data. Astro renders
 * the first job itself; the later ones go through the same prerenderer API (getStaticPaths,
 * render) and are written here under the names Astro gives them. Those names are Astro's rules
 * for this project's `build.format: 'preserve'`, rewritten below: `namingMatches` compares them
 * with what Astro did in the first job, and a process whose first job disagrees takes no other.
 * Runs inside the build process (astro-batch.ts): Node and Astro's types only.
 */

/** The file Astro writes for a prerendered path (its getOutFolder and getOutFile, 'preserve'). */
export function outFileOf(path: PathWithRoute): string {
  const { pathname, route } = path
  if (route.type === 'endpoint') return posix.join('.', pathname)
  const dir = pathname === '' || route.isIndex ? pathname : posix.dirname(pathname)
  const base = posix.basename(pathname)
  const name = !base || route.isIndex ? 'index' : base
  return posix.join('.', dir, `${name}.html`)
}

/** The URL Astro renders a path at (its getUrlForPath, 'preserve', base '/', slashes ignored). */
export function requestUrlOf(path: PathWithRoute, origin: string): string {
  const { pathname, route } = path
  const ending = route.isIndex ? '/' : '.html'
  let built: string
  if (pathname === '/' || pathname === '') built = route.isIndex ? '/' : '/index.html'
  else if (route.type === 'endpoint') built = `/${pathname.replace(/^\/+/, '')}`
  else built = `/${pathname.replace(/^\/+/, '').replace(/\/+$/, '')}${ending}`
  return new URL(built, origin).href
}

/** One path per file, the first route that claims it winning, as Astro's generation does. */
export function distinctPaths<T extends PathWithRoute>(paths: readonly T[]): T[] {
  const seen = new Set<string>()
  return paths.filter((path) => {
    const key = path.pathname.replace(/\/$/, '')
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * Whether these rules name the first job's pages and requests as Astro did. Only pages and
 * endpoints are handled (no redirect or i18n fallback route here), and only their files are
 * compared: the bundler writes its assets beside them.
 */
export type Naming = { ok: true; origin: string } | { ok: false; why: string }

export function namingMatches(first: FirstJob): Naming {
  const paths = distinctPaths(first.paths)
  const odd = paths.find((p) => p.route.type !== 'page' && p.route.type !== 'endpoint')
  if (odd) return { ok: false, why: `a ${odd.route.type} route (${odd.route.route})` }
  const origin = [...first.urls].map((url) => new URL(url).origin)[0]
  if (!origin) return { ok: false, why: 'no page was rendered' }
  const urls = new Set(paths.map((p) => requestUrlOf(p, origin)))
  const missing = [...first.urls].find((url) => !urls.has(url))
  if (missing || urls.size !== first.urls.size)
    return { ok: false, why: `request ${missing ?? 'count'} named otherwise` }
  const groups = new Set(paths.map((p) => groupOf(p.pathname)))
  const written = [...first.files].filter((file) => groups.has(groupOf(file)))
  const files = new Set(paths.map(outFileOf))
  const stray = written.find((file) => !files.has(file))
  if (stray || written.length !== files.size)
    return { ok: false, why: `file ${stray ?? 'count'} named otherwise` }
  return { ok: true, origin }
}

/**
 * Renders every path into `outDir` with `concurrency` pages at a time (Astro's
 * build.concurrency), each written with one fs.promises.writeFile as Astro does, so
 * tenants-when-ready.ts sees it. A redirect fails the job: Astro would write a page of its own.
 */
export async function renderPaths(
  prerenderer: AstroPrerenderer,
  paths: readonly PathWithRoute[],
  outDir: string,
  origin: string,
  concurrency = 4,
): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++] as PathWithRoute
      const request = new Request(requestUrlOf(path, origin))
      const rendered = await prerenderer.render(request, { routeData: path.route })
      const response = rendered instanceof Response ? rendered : rendered.response
      if (response.status >= 300 && response.status < 400)
        throw new Error(`${path.pathname} redirects: not rendered by a later job`)
      if (!response.body) continue
      const body = Buffer.from(await response.arrayBuffer())
      const file = join(outDir, outFileOf(path))
      await fsp.mkdir(dirname(file), { recursive: true })
      await fsp.writeFile(file, body)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker))
}
