import type { HeaderRule } from './headers-file'

/**
 * The cache policy of the sites (docs/decisions/026-*), one place for the `_headers` file the
 * build writes and for the sites server: `/_astro/*` names change with their content, so
 * browsers and CDNs keep them a year without asking; every other file (HTML above all) is
 * revalidated on each use against its strong ETag, a 304 when nothing changed.
 */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
export const CACHE_REVALIDATE = 'no-cache'
/** Error and maintenance answers are not stored at all. */
export const CACHE_NONE = 'no-store'

export const ASSETS_PATTERN = '/_astro/*'

/**
 * The cache rules of a site's `_headers`, written after the security rules: the general rule
 * first, the hashed assets after it (a later rule replaces an earlier header of the same name).
 */
export function cacheRules(): HeaderRule[] {
  return [
    { pattern: '/*', headers: { 'Cache-Control': CACHE_REVALIDATE } },
    { pattern: ASSETS_PATTERN, headers: { 'Cache-Control': CACHE_IMMUTABLE } },
  ]
}
