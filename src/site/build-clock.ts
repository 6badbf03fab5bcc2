import { jobScoped } from './job-scope'

/**
 * The instant a build treats as "now" (which posts are featured, which events and alerts are
 * still to come). SITES_NOW (ISO 8601) pins it, so tests and reproducible rebuilds render the
 * same bytes; otherwise the build job's start. Read once per job (job-scope.ts): every page of
 * a build agrees, and a long-lived build process's next job has its own.
 */
export const NOW_ENV = 'SITES_NOW'

const cached = jobScoped<'now', number>()

export function buildNow(env: NodeJS.ProcessEnv = process.env): number {
  const hit = env === process.env ? cached.get('now') : undefined
  if (hit !== undefined) return hit
  const pinned = env[NOW_ENV] ? Date.parse(env[NOW_ENV]) : Number.NaN
  const now = Number.isNaN(pinned) ? Date.now() : pinned
  if (env === process.env) cached.set('now', now)
  return now
}
