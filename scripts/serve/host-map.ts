import { statSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import { isLocale } from '#i18n/locales'
import { isHost } from '../shared/paths'

/**
 * The Host header as a tenant folder name: port stripped, lowercased, and only when it is a
 * plain host name (an IP literal, an empty or odd header is no tenant).
 */
export function hostFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined
  const host = header.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
  return isHost(host) ? host : undefined
}

/**
 * The decoded path segments of a request path, or undefined when the path must be refused: bad
 * percent-encoding, a NUL, a backslash, or a `.`/`..` segment (raw or encoded) that could climb
 * out of the site folder.
 */
export function safeSegments(pathname: string): string[] | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  if (!decoded.startsWith('/') || /[\0\\]/.test(decoded)) return undefined
  const segments = decoded.split('/').filter((s) => s !== '')
  if (segments.some((s) => s === '.' || s === '..')) return undefined
  return segments
}

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() === true

/** `base` joined with the segments, and only if the result stays inside `base`. */
function inside(base: string, segments: readonly string[]): string | undefined {
  const root = resolve(base)
  const path = resolve(root, ...segments)
  return path === root || path.startsWith(root + sep) ? path : undefined
}

/**
 * The file a path names in a site folder: the file itself, the index.html of a directory, or
 * `<path>.html` (Astro's 'file' output format). Undefined when none exists.
 */
export function findFile(base: string, segments: readonly string[]): string | undefined {
  const path = inside(base, segments)
  if (!path) return undefined
  if (isFile(path)) return path
  const candidates = [join(path, 'index.html'), segments.length > 0 ? `${path}.html` : undefined]
  return candidates.find((c): c is string => c !== undefined && isFile(c))
}

/** The folders to look in for a localized page: the path's locale prefix first, then French. */
function localePrefixes(segments: readonly string[]): string[][] {
  const first = segments[0]
  return first !== undefined && isLocale(first) && first !== 'fr' ? [[first], []] : [[]]
}

/**
 * The tenant's 404 page for the locale of the path (its first segment when that is a locale
 * prefix, else French, which has none), falling back to the French one.
 */
export function notFoundPage(siteDir: string, segments: readonly string[]): string | undefined {
  for (const prefix of localePrefixes(segments)) {
    const page = findFile(siteDir, [...prefix, '404.html']) ?? findFile(siteDir, [...prefix, '404'])
    if (page) return page
  }
  return undefined
}

/** Account pages whose last path segment is data the page reads (docs/product/2-screens.md /:id, /:token?). */
const DETAIL_PAGES = new Set(['orders', 'eshoporders', 'password-reset'])

/**
 * The static page that answers a docs/product/2-screens.md detail address: /[lang/]profile/orders/:id,
 * /profile/eshoporders/:id and /profile/password-reset/:token are one page each (the island
 * reads the id or token from the address), so the sites server answers them with that page.
 */
export function detailPage(siteDir: string, segments: readonly string[]): string | undefined {
  const [prefix] = localePrefixes(segments)
  const rest = segments.slice(prefix?.length ?? 0)
  if (rest.length !== 3 || rest[0] !== 'profile' || !DETAIL_PAGES.has(rest[1] ?? ''))
    return undefined
  return findFile(siteDir, segments.slice(0, -1))
}

/** The maintenance page in the locale of the path, else the French one. */
export function maintenancePage(dir: string, segments: readonly string[]): string | undefined {
  for (const prefix of localePrefixes(segments)) {
    const page = findFile(dir, prefix)
    if (page) return page
  }
  return undefined
}
