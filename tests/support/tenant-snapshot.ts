import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_CALENDAR_FILE, demoCalendar } from '#contract/demo-calendar'
import type { SiteSnapshot } from '#contract/site-snapshot'
import { snapshotDir, snapshotFile } from '#site/snapshots'
import { tenantSnapshot as parseTenantFolder } from '../../scripts/shared/tenant-files'

/**
 * The demo tenants of tenants/<host>/*.json as SiteSnapshots, to build sites without the API:
 * the site tests, and in development `npx tsx tests/support/tenant-snapshot.ts` before
 * `npm run build` (the real pipeline, scripts/build-sites, pulls the same shape through src/api).
 * articles.json holds services and products alike; image paths stay
 * '/storage/<host>/images/x.svg' (PUBLIC_STORAGE_URL may prefix them at build time).
 */
export const TENANTS_DIR = fileURLToPath(new URL('../../tenants/', import.meta.url))

export function demoHosts(root: string = TENANTS_DIR): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'company.json')))
    .map((entry) => entry.name)
    .sort()
}

/** One tenant folder parsed with the contract (defaults applied, weekprices swapped). */
export function tenantSnapshot(host: string, root: string = TENANTS_DIR): SiteSnapshot {
  return parseTenantFolder(join(root, host), host)
}

/** Writes <dir>/<host>.json for each host, where src/site/snapshots.ts reads them. */
export function writeTenantSnapshots(
  dir: string,
  hosts: readonly string[] = demoHosts(),
): string[] {
  mkdirSync(dir, { recursive: true })
  return hosts.map((host) => {
    const file = snapshotFile(dir, host)
    writeFileSync(file, `${JSON.stringify(tenantSnapshot(host))}\n`)
    return file
  })
}

// `npx tsx tests/support/tenant-snapshot.ts`: the demo snapshots into SITES_SNAPSHOT_DIR.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const file of writeTenantSnapshots(snapshotDir())) console.log(`wrote ${file}`)
}

/**
 * The instant the site tests build at: the one the demo data is written around
 * (tenants/calendar.json), inside its events, vedettes and alerts.
 */
export const DEMO_NOW: string = demoCalendar.parse(
  JSON.parse(readFileSync(join(TENANTS_DIR, DEMO_CALENDAR_FILE), 'utf8')),
).writtenFor

/** A demo tenant as a Site (src/site/site-model.ts), optionally altered, at DEMO_NOW. */
export async function demoSite(
  host: string,
  alter: (snapshot: SiteSnapshot) => SiteSnapshot = (s) => s,
): Promise<import('#site/site-model').Site> {
  const { buildSite } = await import('#site/site-model')
  return buildSite(alter(tenantSnapshot(host)), { SITES_NOW: DEMO_NOW })
}
