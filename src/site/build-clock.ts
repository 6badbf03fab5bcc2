/**
 * The instant a build treats as "now" (which posts are featured, which events and alerts are
 * still to come). SITES_NOW (ISO 8601) pins it, so tests and reproducible rebuilds render the
 * same bytes; otherwise the build's start. Read once: every page of a build agrees.
 */
export const NOW_ENV = 'SITES_NOW'

let cached: number | undefined

export function buildNow(env: NodeJS.ProcessEnv = process.env): number {
  if (cached === undefined || env !== process.env) {
    const pinned = env[NOW_ENV] ? Date.parse(env[NOW_ENV]) : Number.NaN
    const now = Number.isNaN(pinned) ? Date.now() : pinned
    if (env !== process.env) return now
    cached = now
  }
  return cached
}
