import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type SiteSnapshot, siteSnapshot } from '#contract/site-snapshot'
import { jobScoped } from './job-scope'
import { DEFAULT_SNAPSHOT_DIR, SNAPSHOT_DIR_ENV, TENANTS_ENV } from './snapshot-env'

export { DEFAULT_SNAPSHOT_DIR, SNAPSHOT_DIR_ENV, TENANTS_ENV }

export function snapshotDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env[SNAPSHOT_DIR_ENV] ?? DEFAULT_SNAPSHOT_DIR)
}

export function snapshotFile(dir: string, host: string): string {
  return join(dir, `${host}.json`)
}

/** The hosts this build renders: SITES_TENANTS (comma-separated) or every snapshot on disk. */
export function selectedHosts(env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = env[TENANTS_ENV]
    ?.split(',')
    .map((h) => h.trim())
    .filter(Boolean)
  if (listed?.length) return listed
  try {
    return readdirSync(snapshotDir(env))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length))
      .sort()
  } catch {
    return []
  }
}

const cache = jobScoped<string, SiteSnapshot>()

/** Reads and validates one tenant's snapshot; memoised for the build job (job-scope.ts). */
export function readSnapshot(host: string, env: NodeJS.ProcessEnv = process.env): SiteSnapshot {
  const file = snapshotFile(snapshotDir(env), host)
  const hit = cache.get(file)
  if (hit) return hit
  const parsed = siteSnapshot.parse(JSON.parse(readFileSync(file, 'utf8')))
  cache.set(file, parsed)
  return parsed
}

export function readSelectedSnapshots(env: NodeJS.ProcessEnv = process.env): SiteSnapshot[] {
  return selectedHosts(env).map((host) => readSnapshot(host, env))
}
