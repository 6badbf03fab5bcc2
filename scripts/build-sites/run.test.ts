import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteSnapshot } from '#contract/site-snapshot'
import { type FakeApi, startFakeApi } from '#support/fake-sites-api'
import { readTenant } from '../shared/tenant-files'
import type { BatchBuilder } from './batches'
import { buildConfig } from './config'
import { runBuild } from './run'

const tenantsDir = join(import.meta.dirname, '..', '..', 'tenants')
const root = mkdtempSync(join(tmpdir(), 'build-sites-test-'))
const config = buildConfig(
  {},
  {
    snapshotDir: join(root, 'snapshots'),
    sitesDir: join(root, 'sites'),
    workDir: join(root, 'work'),
    batchSize: 2,
  },
)
const MAISON = 'maison-lumiere.localhost'
const BAINS = 'bains-du-lac.localhost'
const BROKEN = 'broken.localhost'
const UNKNOWN = 'unknown.localhost'
const hosts = [MAISON, BAINS, BROKEN, UNKNOWN]

/** Renders one page per tenant from its snapshot, as the Astro pages would (read from disk). */
const fakeAstro: BatchBuilder = async (job) => {
  for (const host of job.hosts) {
    const file = join(job.snapshotDir, `${host}.json`)
    const snapshot = siteSnapshot.parse(JSON.parse(readFileSync(file, 'utf8')))
    await mkdir(join(job.outDir, host), { recursive: true })
    await writeFile(join(job.outDir, host, 'index.html'), snapshot.company.identity.displayName)
    await writeFile(join(job.outDir, host, 'posts.html'), `${snapshot.posts.length} posts`)
  }
  await mkdir(join(job.outDir, '_astro'), { recursive: true })
  await writeFile(join(job.outDir, '_astro', 'app.1.js'), 'export{}')
  return { ok: true, ms: 5, maxRssKb: 1000, cpuMs: 5 }
}

let api: FakeApi
const silent = () => undefined
const run = (builder: BatchBuilder = fakeAstro) =>
  runBuild({ ...config, apiUrl: api.url }, { hosts, pull: true, builder, log: silent })
const mtime = (path: string) => statSync(path).mtimeMs
const site = (host: string, file = 'index.html') => join(config.sitesDir, host, file)

beforeAll(async () => {
  const maison = readTenant(join(tenantsDir, MAISON))
  // broken: a post without slug nor title, which the contract refuses
  const broken = { ...maison, 'posts.json': [{ id: '1' }] }
  api = await startFakeApi(
    new Map([
      [MAISON, maison],
      [BAINS, readTenant(join(tenantsDir, BAINS))],
      [BROKEN, broken],
    ]),
  )
  mkdirSync(join(config.sitesDir, BROKEN), { recursive: true })
  writeFileSync(site(BROKEN), 'last good')
})
afterAll(async () => {
  await api.close()
  rmSync(root, { recursive: true, force: true })
})

describe('build:sites against a real HTTP API', () => {
  it('builds the valid tenants, reports the failing ones, keeps their last good site', async () => {
    const summary = await run()
    const status = Object.fromEntries(summary.tenants.map((t) => [t.host, t.status]))
    expect(status).toEqual({
      [MAISON]: 'published',
      [BAINS]: 'published',
      [BROKEN]: 'failed',
      [UNKNOWN]: 'failed',
    })
    const errors = summary.tenants.flatMap((t) => (t.status === 'failed' ? [t.error] : []))
    expect(errors.join('\n')).toMatch(/posts: 502/)
    expect(errors.join('\n')).toMatch(/company: .*HTTP 404/)
    expect(summary.failures).toBe(2)
    expect(summary.pages).toBe(4)
    expect(readFileSync(site(BROKEN), 'utf8')).toBe('last good')
    expect(readFileSync(site(MAISON), 'utf8')).toBe('Maison Lumière')
    expect(readFileSync(join(config.sitesDir, '_astro', 'app.1.js'), 'utf8')).toBe('export{}')
  })

  it('removes the batch folders a killed run left behind', async () => {
    const stale = join(config.workDir, '2147483646-killed-0')
    mkdirSync(join(stale, MAISON), { recursive: true })
    await run()
    expect(existsSync(stale)).toBe(false)
  })

  it('rewrites no file, snapshot or page, when the data did not change', async () => {
    const files = [
      site(MAISON),
      site(BAINS, 'posts.html'),
      join(config.snapshotDir, `${BAINS}.json`),
    ]
    const before = files.map(mtime)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const summary = await run()
    expect(
      summary.tenants
        .filter((t) => t.status === 'unchanged')
        .map((t) => t.host)
        .sort(),
    ).toEqual([BAINS, MAISON])
    expect(files.map(mtime)).toEqual(before)
  })

  it('publishes only the bytes that changed when one tenant changes', async () => {
    const maison = api.tenants.get(MAISON)
    const posts = maison?.['posts.json']
    if (!maison || !Array.isArray(posts) || posts[0] === undefined) throw new Error('no posts')
    maison['posts.json'] = [...posts, { ...posts[0], id: '999', slug: 'nouveau' }]
    const home = mtime(site(MAISON))
    const summary = await run()
    const byHost = new Map(summary.tenants.map((t) => [t.host, t]))
    expect(byHost.get(MAISON)).toMatchObject({ status: 'published', written: 1, pages: 2 })
    expect(byHost.get(BAINS)?.status).toBe('unchanged')
    expect(mtime(site(MAISON))).toBe(home)
    expect(readFileSync(site(MAISON, 'posts.html'), 'utf8')).toBe(`${posts.length + 1} posts`)
  })

  it('keeps the old site of a tenant whose pages fail to build; the others still publish', async () => {
    const maison = api.tenants.get(MAISON)
    const company = maison?.['company.json'] as { identity: object } | undefined
    if (maison && company) {
      maison['company.json'] = {
        ...company,
        identity: { ...company.identity, displayName: 'Renamed' },
      }
    }
    const bainsBefore = readFileSync(site(BAINS), 'utf8')
    const calls: string[][] = []
    const failingBains: BatchBuilder = async (job, log) => {
      calls.push([...job.hosts])
      if (job.hosts.includes(BAINS)) return { ok: false, error: 'astro build failed: boom' }
      return fakeAstro(job, log)
    }
    const summary = await run(failingBains)
    const byHost = new Map(summary.tenants.map((t) => [t.host, t]))
    expect(byHost.get(BAINS)).toMatchObject({ status: 'failed', error: 'astro build failed: boom' })
    expect(byHost.get(MAISON)?.status).toBe('published')
    expect(readFileSync(site(BAINS), 'utf8')).toBe(bainsBefore)
    expect(readFileSync(site(MAISON), 'utf8')).toBe('Renamed')
    // the failed batch of two was split to isolate the failing tenant
    expect(calls).toEqual([[MAISON, BAINS], [MAISON], [BAINS]])
  })

  /**
   * A published page read while its tenant's folder may be in the middle of its swap: between
   * the two renames the folder is missing (the sites server waits on the swap marker then,
   * publish-atomic.ts swapMarker), which this reads as nothing live yet.
   */
  const duringSwap = (file: string): string => {
    try {
      return readFileSync(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ''
      throw error
    }
  }

  it('publishes a tenant its build process says is ready while the build goes on (decision 074)', async () => {
    const maison = api.tenants.get(MAISON)
    const company = maison?.['company.json'] as { identity: object } | undefined
    if (maison && company) {
      maison['company.json'] = { ...company, identity: { ...company.identity, displayName: 'Tôt' } }
    }
    const bainsBefore = readFileSync(site(BAINS), 'utf8')
    let liveDuringBuild = ''
    const calls: string[][] = []
    // Maison is written and announced; Bains then fails, after Maison is live
    const announcing: BatchBuilder = async (job, log, onReady) => {
      calls.push([...job.hosts])
      if (!job.hosts.includes(BAINS)) return fakeAstro(job, log)
      await fakeAstro(job, log)
      onReady?.({ group: MAISON, dir: job.outDir })
      for (let i = 0; i < 100 && !liveDuringBuild.includes('Tôt'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 10))
        liveDuringBuild = duringSwap(site(MAISON))
      }
      return { ok: false, error: 'astro build failed: boom' }
    }
    const summary = await run(announcing)
    expect(liveDuringBuild).toBe('Tôt')
    const byHost = new Map(summary.tenants.map((t) => [t.host, t]))
    expect(byHost.get(MAISON)?.status).toBe('published')
    expect(byHost.get(BAINS)).toMatchObject({ status: 'failed', error: 'astro build failed: boom' })
    expect(readFileSync(site(BAINS), 'utf8')).toBe(bainsBefore)
    // the assets went live with the first tenant; the one already live is not built again
    expect(readFileSync(join(config.sitesDir, '_astro', 'app.1.js'), 'utf8')).toBe('export{}')
    expect(calls).toEqual([[MAISON, BAINS]])
  })
})
