import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { BatchBuilder, WarmBuilder } from '../build-sites/batches'
import type { BuildConfig } from '../build-sites/config'
import { errorMessage, pathFrom } from '../shared/paths'

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

/** Why a tenant was not rendered from the seed: the API answered first, it is built from it. */
const LEFT_TO_THE_API = 'left to the build from the API'

export interface SeedBuild {
  /** Resolves once a first tenant's pages are written (or the seed build is over). */
  readonly firstServed: Promise<void>
  /** Resolves once the seed build is over. */
  readonly done: Promise<void>
  /** The API answers: the tenants not rendered yet are left to the build from it. */
  stop(): void
}

/**
 * Renders the tenants that have no published site from the files the API seeds its database
 * from, while the API starts (docs/decisions/074-serve-while-building.md): PGlite's first
 * initialisation takes most of the seconds before the API answers, and the pages need nothing
 * the API adds. Each tenant is served as soon as its pages are written, the smallest first; once
 * one is, the build process gets the lowest priority, so the API's start comes first, and once
 * the API answers the build stops: what it did not render yet, the build from the API renders
 * (rendering it twice would only delay that build). The build from the API replaces the seeded
 * pages atomically, as any rebuild does. The snapshots go to a folder of their own, never taken
 * for what was pulled.
 */
export function startSeedBuild(
  build: BuildConfig,
  hosts: readonly string[],
  warm: WarmBuilder,
  log: (line: string) => void,
): SeedBuild {
  let served: () => void = () => undefined
  const firstServed = new Promise<void>((resolve) => {
    served = resolve
  })
  let stopped = false
  const builder: BatchBuilder = async (job, jobLog, onReady) => {
    if (stopped) return { ok: false, error: LEFT_TO_THE_API }
    const outcome = await warm.build(job, jobLog, (ready) => {
      onReady?.(ready)
      if (ready.group.startsWith('_')) return
      warm.lower()
      served()
    })
    return stopped && !outcome.ok ? { ok: false, error: LEFT_TO_THE_API } : outcome
  }
  const done = buildFromSeed(build, hosts, builder, log)
    .catch((error: unknown) => log(`first start: ${errorMessage(error)}`))
    .finally(served)
  return {
    firstServed,
    done,
    stop() {
      stopped = true
      warm.cancel()
    },
  }
}

async function buildFromSeed(
  build: BuildConfig,
  hosts: readonly string[],
  builder: BatchBuilder,
  log: (line: string) => void,
): Promise<void> {
  const [{ tenantSnapshot }, { writeSnapshot }, { runBuild }] = await Promise.all([
    import('../shared/tenant-files'),
    import('../build-sites/snapshot-write'),
    import('../build-sites/run'),
  ])
  const snapshotDir = join(build.workDir, 'seed-snapshots')
  // the dates the API seeds: the demo's moved to this week (docs/decisions/108-demo-calendar.md)
  const now = new Date()
  for (const host of hosts) {
    const snapshot = tenantSnapshot(join(build.tenantsDir, host), host, now)
    // the token the pull gets from the API, which seeds the company with this one
    const companyToken = snapshot.companyToken ?? snapshot.company.token
    await writeSnapshot(snapshotDir, { ...snapshot, companyToken })
  }
  log(`first start: ${hosts.length} tenant(s) from ${build.tenantsDir} while the API seeds them`)
  const quiet = (line: string) => {
    if (!line.includes(LEFT_TO_THE_API)) log(line)
  }
  const summary = await runBuild(
    { ...build, snapshotDir },
    { hosts, pull: false, builder, log: quiet },
  )
  const served = summary.tenants.filter((t) => t.status !== 'failed').map((t) => t.host)
  const left = summary.tenants.filter((t) => t.status === 'failed').map((t) => t.host)
  log(
    `first start: served from the seed: ${served.join(', ') || 'none'}` +
      (left.length > 0 ? `; ${LEFT_TO_THE_API}: ${left.join(', ')}` : ''),
  )
}
