import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
// the names only: src/site/snapshots loads the contract, which would delay npm start's first answer
import { DEFAULT_SNAPSHOT_DIR, SNAPSHOT_DIR_ENV } from '#site/snapshot-env'
import { isHost, pathFrom, projectRoot } from '../shared/paths'

/** Where a build reads and writes; every path absolute, so child processes agree on them. */
export interface BuildConfig {
  /** The Astro project (astro.config.mjs, src/pages). */
  readonly root: string
  /** SITES_SNAPSHOT_DIR: one <host>.json per tenant, the pages' only input. */
  readonly snapshotDir: string
  /** SITES_DIST_DIR: the published sites, dist/sites/<host>/ plus the shared folders. */
  readonly sitesDir: string
  /** SITES_WORK_DIR: the Astro output of each batch before it is published, and the serve
   * process's durable publish queue and seen webhook ids (publish-queue/, decision 015). */
  readonly workDir: string
  /** BUILD_BATCH_SIZE: tenants per Astro build process. */
  readonly batchSize: number
  /** BUILD_PARALLEL: build processes at once (default 1: memory stays at one process's). */
  readonly parallel: number
  /** The API the snapshots are pulled from (API_SERVER_URL, as src/api reads it, or API_URL). */
  readonly apiUrl: string
  /** TENANTS_DIR: the demo tenants, whose folder names are the default host list. */
  readonly tenantsDir: string
}

export const DEFAULT_BATCH_SIZE = 50
export const DEFAULT_API_URL = 'http://127.0.0.1:4322'

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`)
  return n
}

export function buildConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<BuildConfig> = {},
): BuildConfig {
  return {
    root: projectRoot,
    snapshotDir: pathFrom(env[SNAPSHOT_DIR_ENV], DEFAULT_SNAPSHOT_DIR),
    sitesDir: pathFrom(env.SITES_DIST_DIR, 'dist/sites'),
    workDir: pathFrom(env.SITES_WORK_DIR, '.data/build'),
    batchSize: positiveInt(env.BUILD_BATCH_SIZE, DEFAULT_BATCH_SIZE, 'BUILD_BATCH_SIZE'),
    parallel: positiveInt(env.BUILD_PARALLEL, 1, 'BUILD_PARALLEL'),
    apiUrl: (env.API_SERVER_URL || env.API_URL || DEFAULT_API_URL).replace(/\/+$/, ''),
    tenantsDir: pathFrom(env.TENANTS_DIR, 'tenants'),
    ...overrides,
  }
}

/**
 * The demo tenants: the folders of tenants/ that the API seeds an empty database from. A build
 * that pulls lists its hosts from the API instead (api-hosts.ts); these are the first start's
 * pages rendered before the API answers (decision 074) and a build without pull.
 */
export function defaultHosts(tenantsDir: string): string[] {
  if (!existsSync(tenantsDir)) return []
  return readdirSync(tenantsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && isHost(e.name))
    .filter((e) => existsSync(join(tenantsDir, e.name, 'company.json')))
    .map((e) => e.name)
    .sort()
}
