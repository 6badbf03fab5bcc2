import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { BatchBuilder } from '../build-sites/batches'
import type { BuildConfig } from '../build-sites/config'
import { pathFrom } from '../shared/paths'

/**
 * True on a machine's first start: the API runs on embedded PGlite whose folder does not exist
 * yet, so the API is about to create it and seed it from tenants/. Read before the API starts
 * (it creates the folder). The default folder is the API's own (server/config.ts); an in-memory
 * database (`memory://`, the tests) is not a first start: no page is rendered from the seed.
 */
export function isFirstStart(env: NodeJS.ProcessEnv): boolean {
  if (env.DATABASE_URL) return false
  const dir = env.PGLITE_DIR
  if (dir?.includes('://')) return false
  return !existsSync(pathFrom(dir, '.data/pglite'))
}

/**
 * Renders the tenants that have no published site from the files the API seeds its database
 * from, while the API starts (docs/decisions/074-serve-while-building.md): PGlite's first
 * initialisation takes most of the seconds before the API answers, and the pages need nothing
 * the API adds. Each tenant is served as soon as its pages are written; the build pulled from
 * the API right after replaces them atomically, as any rebuild does. The snapshots go to a
 * folder of their own, never taken for what was pulled.
 */
export async function buildFromSeed(
  build: BuildConfig,
  hosts: readonly string[],
  builder: BatchBuilder,
  log: (line: string) => void,
): Promise<void> {
  const [{ tenantSnapshot }, { writeSnapshot }, { runBuild }, { summaryLines }] = await Promise.all(
    [
      import('../shared/tenant-files'),
      import('../build-sites/snapshot-write'),
      import('../build-sites/run'),
      import('../build-sites/report'),
    ],
  )
  const snapshotDir = join(build.workDir, 'seed-snapshots')
  for (const host of hosts) {
    const snapshot = tenantSnapshot(join(build.tenantsDir, host), host)
    // the token the pull gets from the API, which seeds the company with this one
    const companyToken = snapshot.companyToken ?? snapshot.company.token
    await writeSnapshot(snapshotDir, { ...snapshot, companyToken })
  }
  log(`first start: ${hosts.length} tenant(s) from ${build.tenantsDir} while the API seeds them`)
  const summary = await runBuild({ ...build, snapshotDir }, { hosts, pull: false, builder, log })
  for (const line of summaryLines(summary)) log(line)
}
