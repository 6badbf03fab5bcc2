import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HEADERS_FILE } from '#site/headers/headers-file'
import { DEMO_NOW, tenantSnapshot } from '#support/tenant-snapshot'
import { compressTree } from '../build-sites/compress'
import { writeSiteHeaders } from '../build-sites/site-headers'
import { startApiThread } from '../start/api-thread'

/** The two demo tenants the page benchmarks measure: a mono shop and a marketplace. */
export const DEMO_HOSTS = ['maison-lumiere.localhost', 'bains-du-lac.localhost'] as const

export interface DemoSites {
  /** A folder with one <host>/ folder per tenant and the shared _astro/. */
  readonly dir: string
  readonly cleanup: () => Promise<void>
}

/**
 * A production Astro build of the demo tenants at the demo date, into a temporary folder (or
 * `keep`, left in place). The page benchmarks measure it as the sites server serves it: see
 * `prepareDemoSites`.
 */
export async function buildDemoSites(prefix: string, keep?: string): Promise<DemoSites> {
  const dir = keep ?? (await mkdtemp(join(tmpdir(), `storefront-${prefix}-`)))
  await mkdir(dir, { recursive: true })
  for (const host of DEMO_HOSTS) {
    const snapshot = tenantSnapshot(host)
    // the token the build's pull gets from the API: the pages ask the API with it (decision 034)
    const companyToken = snapshot.companyToken ?? snapshot.company.token
    await writeFile(join(dir, `${host}.json`), JSON.stringify({ ...snapshot, companyToken }))
  }
  process.env.SITES_SNAPSHOT_DIR = dir
  process.env.SITES_NOW = DEMO_NOW
  process.env.SITES_TENANTS = DEMO_HOSTS.join(',')
  process.env.NODE_ENV = 'production'
  process.env.ASTRO_TELEMETRY_DISABLED = '1'
  const { build } = await import('astro')
  await build({ root: process.cwd(), outDir: join(dir, 'out'), logLevel: 'error' })
  const cleanup = async () => (keep ? undefined : rm(dir, { recursive: true, force: true }))
  return { dir: join(dir, 'out'), cleanup }
}

/**
 * What build:sites adds to a published tenant: its `_headers` (the CSP that lets the pages'
 * inline scripts run, decision 019) and brotli and gzip copies of its text files (decision 026).
 * Without them a benchmark measures pages that production never serves.
 */
export async function prepareDemoSites(root: string): Promise<void> {
  for (const host of DEMO_HOSTS) {
    const folder = join(root, host)
    if (!existsSync(folder)) continue
    if (!existsSync(join(folder, HEADERS_FILE)))
      await writeSiteHeaders(folder, tenantSnapshot(host))
    await compressTree(folder)
  }
  await compressTree(join(root, '_astro'), undefined, { effort: 'shared' })
}

/**
 * The API the demo pages ask once loaded (their events and alerts, decision 034), in its
 * development mode as `npm start` runs it, on an in-memory database: a first visit measured
 * without it would never meet those answers (and Chromium never counts a proxy's 502 as done).
 */
export function startBenchApi(secret: string) {
  return startApiThread({
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      PGLITE_DIR: 'memory://',
      DATABASE_URL: '',
      PUBLISH_WEBHOOK_URLS: '',
    },
    hookUrls: [],
    secret,
  })
}
