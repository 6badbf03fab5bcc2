import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../shared/paths'
import type { ReadyGroup } from './batch-result'
import { buildBatchInChild, buildIsolating, chunk, createWarmBuilder } from './batches'

// A throwaway Astro project inside the repository (so `astro` resolves from node_modules) whose
// one route renders each tenant of SITES_TENANTS, and throws for boom.localhost.
mkdirSync(join(projectRoot, '.data'), { recursive: true }) // absent on a clean clone
const root = mkdtempSync(join(projectRoot, '.data', 'test-astro-'))
mkdirSync(join(root, 'src', 'pages', '[tenant]'), { recursive: true })
writeFileSync(
  join(root, 'src', 'pages', '[tenant]', 'index.astro'),
  `---
export function getStaticPaths() {
  return (process.env.SITES_TENANTS ?? '').split(',').map((tenant) => ({ params: { tenant } }))
}
const { tenant } = Astro.params
if (tenant === 'boom.localhost') throw new Error('boom')
---
<html><body><h1>{tenant}</h1><p>{'Soins du visage et du corps. '.repeat(60)}</p></body></html>
`,
)
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('batches', () => {
  it('chunks hosts into batches of the given size', () => {
    expect(chunk(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']])
    expect(chunk([], 50)).toEqual([])
  })

  it('builds a batch in a real astro child process and isolates a tenant whose page throws', {
    timeout: 120_000,
  }, async () => {
    let n = 0
    const outDirFor = () => join(root, 'out', String(n++))
    const lines: string[] = []
    const outcomes = await buildIsolating(
      {
        hosts: ['a.localhost', 'boom.localhost'],
        root,
        snapshotDir: join(root, 'snapshots'),
        outDir: outDirFor(),
      },
      buildBatchInChild,
      (line) => lines.push(line),
      outDirFor,
    )
    expect(outcomes.map((o) => [o.hosts, o.outcome.ok])).toEqual([
      [['a.localhost'], true],
      [['boom.localhost'], false],
    ])
    const [good, bad] = outcomes
    if (!good?.outcome.ok || bad?.outcome.ok !== false) throw new Error('unexpected outcomes')
    expect(good.outcome.ms).toBeGreaterThan(0)
    expect(good.outcome.maxRssKb).toBeGreaterThan(10_000)
    const page = readFileSync(join(good.outDir, 'a.localhost', 'index.html'), 'utf8')
    expect(page).toContain('<h1>a.localhost</h1>')
    expect(bad.outcome.error).toMatch(/astro build failed: .*boom/)
    // the failed batch's own output folder is cleaned before its halves are built
    expect(existsSync(join(root, 'out', '0'))).toBe(false)
  })

  it('hands a job to a build process started ahead of time (the serve rebuilds)', {
    timeout: 60_000,
  }, async () => {
    const warm = createWarmBuilder(root)
    try {
      // give it time to load Astro, as it has between two publishes
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      const outDir = join(root, 'warm-out')
      const job = { hosts: ['w.localhost'], root, snapshotDir: join(root, 'snapshots'), outDir }
      const ready: ReadyGroup[] = []
      const outcome = await warm.build(
        job,
        () => undefined,
        (group) => ready.push(group),
      )
      if (!outcome.ok) throw new Error(outcome.error)
      // decision 074: the output stays in the process's own folder, which the result names
      const dir = outcome.dir ?? outDir
      const page = readFileSync(join(dir, 'w.localhost', 'index.html'))
      expect(page.toString()).toContain('<h1>w.localhost</h1>')
      // announced before the end, with the copies the build's thread wrote beside the page
      expect(ready).toEqual([{ group: 'w.localhost', dir }])
      const copy = readFileSync(join(dir, 'w.localhost', 'index.html.br'))
      expect(brotliDecompressSync(copy)).toEqual(page)
      // its brotli copy only (decision 105)
      expect(outcome.copies).toBe(1)
      expect(existsSync(join(dir, 'w.localhost', 'index.html.gz'))).toBe(false)
      // decision 097: the same process takes the next jobs, each in a folder of its own
      expect(outcome.next).toBe(true)
      for (const [n, host] of ['x.localhost', 'y.localhost'].entries()) {
        const later: ReadyGroup[] = []
        const next = await warm.build(
          { ...job, hosts: [host] },
          () => undefined,
          (group) => later.push(group),
        )
        if (!next.ok) throw new Error(next.error)
        expect(next.dir).toBe(`${dir}-${n + 1}`)
        const laterDir = next.dir ?? ''
        const html = readFileSync(join(laterDir, host, 'index.html'))
        expect(html.toString()).toContain(`<h1>${host}</h1>`)
        // the job's own tenant only: nothing of the one before
        expect(existsSync(join(laterDir, 'w.localhost'))).toBe(false)
        expect(later).toEqual([{ group: host, dir: laterDir }])
        expect(brotliDecompressSync(readFileSync(join(laterDir, host, 'index.html.br')))).toEqual(
          html,
        )
      }
      // a page that throws fails that job alone; the next job gets a fresh process
      const boom = await warm.build({ ...job, hosts: ['boom.localhost'] }, () => undefined)
      expect(boom.ok).toBe(false)
      const after = await warm.build({ ...job, hosts: ['z.localhost'] }, () => undefined)
      if (!after.ok) throw new Error(after.error)
      expect(after.dir).not.toContain(dir)
      expect(readFileSync(join(after.dir ?? '', 'z.localhost', 'index.html'), 'utf8')).toContain(
        '<h1>z.localhost</h1>',
      )
    } finally {
      warm.close()
    }
  })
})
