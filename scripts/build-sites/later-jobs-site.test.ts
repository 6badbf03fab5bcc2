import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SiteSnapshot } from '#contract/site-snapshot'
import { snapshotFile } from '#site/snapshots'
import { DEMO_NOW, tenantSnapshot } from '#support/tenant-snapshot'
import { projectRoot } from '../shared/paths'
import {
  type BatchOutcome,
  buildBatchInChild,
  createWarmBuilder,
  type WarmBuilder,
} from './batches'
import { listFiles } from './tree'

/**
 * Decision 097 on the real site: a long-lived build process renders its later jobs byte for
 * byte as Astro renders a job in a fresh process, and none of them sees the data of the job
 * before (the snapshots, site models, shared chrome and clock are per job: src/site/job-scope.ts).
 * One demo tenant, two versions of its data: the new name and menu label appear in the chrome
 * that Cached.astro keeps, the post title on the magazine pages.
 */
const HOST = 'maison-lumiere.localhost'
let dir = ''
let warm: WarmBuilder
const nowBefore = process.env.SITES_NOW

function changed(snapshot: SiteSnapshot): SiteSnapshot {
  const [post, ...posts] = snapshot.posts
  if (!post) throw new Error('the demo tenant has no post')
  const { company } = snapshot
  return {
    ...snapshot,
    company: {
      ...company,
      identity: { ...company.identity, displayName: 'Maison Lumière Renommée' },
      menuLabels: { ...company.menuLabels, magazine: { fr: 'La gazette', en: 'Gazette' } },
    },
    posts: [{ ...post, title: { ...post.title, fr: 'Un titre publié après' } }, ...posts],
  }
}

function snapshots(name: string, snapshot: SiteSnapshot): string {
  const folder = join(dir, name)
  mkdirSync(folder, { recursive: true })
  writeFileSync(snapshotFile(folder, HOST), JSON.stringify(snapshot))
  return folder
}

async function filesOf(outcome: BatchOutcome, fallback: string): Promise<Map<string, Buffer>> {
  if (!outcome.ok) throw new Error(outcome.error)
  const root = join(outcome.dir ?? fallback, HOST)
  const files = await listFiles(root)
  return new Map(files.map((file) => [file, readFileSync(join(root, file))]))
}

let before = ''
let after = ''
beforeAll(() => {
  // every job at the same instant, so that two renders of the same data are the same bytes
  process.env.SITES_NOW = DEMO_NOW
  mkdirSync(join(projectRoot, '.data'), { recursive: true })
  dir = mkdtempSync(join(projectRoot, '.data', 'test-later-jobs-'))
  before = snapshots('before', tenantSnapshot(HOST))
  after = snapshots('after', changed(tenantSnapshot(HOST)))
  warm = createWarmBuilder(projectRoot)
})
afterAll(() => {
  warm?.close()
  if (nowBefore === undefined) delete process.env.SITES_NOW
  else process.env.SITES_NOW = nowBefore
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('a long-lived build process (decision 097)', () => {
  it('renders later jobs as a fresh build does, without the data of the job before', {
    timeout: 240_000,
  }, async () => {
    const job = (snapshotDir: string, name: string) => ({
      root: projectRoot,
      hosts: [HOST],
      snapshotDir,
      outDir: join(dir, name),
    })
    const log = () => undefined
    const first = await warm.build(job(before, 'first'), log)
    expect(first.ok && first.next).toBe(true)
    const second = await warm.build(job(after, 'second'), log)
    const third = await warm.build(job(before, 'third'), log)
    const fresh = await buildBatchInChild(job(after, 'fresh'), log)

    const pages = await filesOf(first, '')
    expect(pages.size).toBeGreaterThan(200)
    // the same data: Astro's render of the first job, this process's of the third, alike
    expect(await filesOf(third, '')).toEqual(pages)
    // the changed data: this process's second job, a fresh process's build, alike
    const changedPages = await filesOf(second, '')
    expect(changedPages).toEqual(await filesOf(fresh, join(dir, 'fresh')))
    const magazine = changedPages.get('magazine/index.html')?.toString() ?? ''
    expect(magazine).toContain('Maison Lumière Renommée')
    expect(magazine).toContain('La gazette')
    expect(magazine).toContain('Un titre publié après')
    expect(pages.get('magazine/index.html')?.toString()).not.toContain('Renommée')
  })
})
