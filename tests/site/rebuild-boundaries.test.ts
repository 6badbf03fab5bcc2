import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { flipsBetween, type TimedContent } from '#server/services/rebuilds/index.ts'
import { tenantSnapshot, writeTenantSnapshots } from '#support/tenant-snapshot'

/**
 * The rebuild planner's instants against the real build (docs/decisions/059-rebuilds-at-content-boundaries.md):
 * the demo's featured post, built with SITES_NOW just before its window's start, at its start
 * and just after its end, as the planner computes them from the snapshot; the footer's year on
 * either side of the tenant's local new year. One tenant, five builds in child processes (the
 * build reads its clock once per process), about 35 s each.
 */
const HOST = 'maison-lumiere.localhost'
let dir = ''

function build(now: number): Promise<string> {
  const out = join(dir, `out-${now}`)
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(process.cwd(), 'node_modules/.bin/astro'),
      ['build', '--outDir', out],
      {
        env: {
          ...process.env,
          ASTRO_TELEMETRY_DISABLED: '1',
          SITES_SNAPSHOT_DIR: join(dir, 'snapshots'),
          SITES_TENANTS: HOST,
          SITES_NOW: new Date(now).toISOString(),
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    let errors = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString()
    })
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`build at ${now} failed: ${errors}`)),
    )
  })
}

/** Featured badges on the magazine page of a build. */
async function badges(out: string): Promise<number> {
  const html = await readFile(join(out, HOST, 'magazine', 'index.html'), 'utf8')
  return html.split('card__badge').length - 1
}

let start = 0
let end = 0
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rebuild-boundaries-'))
  writeTenantSnapshots(join(dir, 'snapshots'), [HOST])
  const snapshot = tenantSnapshot(HOST)
  const featured = snapshot.posts.filter((post) => post.published && post.vedette.active)
  expect(featured).toHaveLength(1)
  const content: TimedContent = {
    featured: featured.map((post) => post.vedette),
    // the post is listed from its publication on (docs/decisions/082-post-preview.md)
    scheduled: featured.flatMap((post) => (post.publishedAt ? [post.publishedAt] : [])),
    offers: [],
    // no zone: the footer's new year (inside this window) is left out, the post's flips remain
    timeZones: [],
  }
  const post = featured[0]
  const from = Date.parse(post?.vedette.start ?? '') - 1
  const flips = flipsBetween(content, from, Date.parse(post?.vedette.end ?? '') + 1)
  // the window's start, the post's publication two days into it, the window's end: featured
  // from the later of the first two
  expect(flips).toHaveLength(3)
  ;[, start, end] = flips as [number, number, number]
  expect(start).toBe(
    Math.max(Date.parse(post?.vedette.start ?? ''), Date.parse(post?.publishedAt ?? '')),
  )
})
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('a featured post appears and disappears at the instants the planner rebuilds', () => {
  it('not featured just before its start, featured at it, gone at the end flip', {
    timeout: 600_000,
  }, async () => {
    const before = await build(start - 1)
    const at = await build(start)
    const after = await build(end)
    expect([await badges(before), await badges(at), await badges(after)]).toEqual([0, 1, 0])
  })

  it("the footer's year turns at the tenant's local new year", { timeout: 600_000 }, async () => {
    const snapshot = tenantSnapshot(HOST)
    const zones = [...new Set(snapshot.shops.map((shop) => shop.timeZone))]
    const content: TimedContent = { featured: [], offers: [], timeZones: zones }
    const [newYear] = flipsBetween(
      content,
      Date.parse('2026-12-01T00:00:00Z'),
      Date.parse('2027-02-01T00:00:00Z'),
    )
    expect(newYear).toBe(Date.parse('2026-12-31T23:00:00Z'))
    const home = async (out: string) => readFile(join(out, HOST, 'index.html'), 'utf8')
    const last = await home(await build((newYear as number) - 1))
    const first = await home(await build(newYear as number))
    expect([last.includes('© 2026'), first.includes('© 2027')]).toEqual([true, true])
  })
})
