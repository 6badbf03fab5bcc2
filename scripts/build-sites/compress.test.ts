import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { makeSites } from '#support/serve'
import { compressLive, compressTree } from './compress'
import { brotliParams, type Effort, LEVELS } from './compress-levels'

/**
 * Decision 026: compressed copies beside the text files of a build, reused when unchanged; a
 * tenant's pages get a brotli copy only, the shared assets a gzip one too (decision 105).
 */
const page = (title: string) =>
  `<h1>${title}</h1>${'<p>Soins du visage et du corps.</p>'.repeat(60)}`
const trees = makeSites({
  'published/index.html': page('Accueil'),
  'published/about.html': page('À propos'),
  'next/index.html': page('Accueil'),
  'next/about.html': page('À propos, nouveau'),
  'next/small.css': 'body{}',
  'next/photo.png': 'x'.repeat(4000),
  'next/feed.xml': `<rss>${'<item/>'.repeat(400)}</rss>`,
  'later/index.html': page('Accueil'),
  'later/about.html': page('À propos, encore'),
  'later/small.html': '<p>court</p>',
  'pages/index.html': page('Niveaux'),
  'shared/index.html': page('Niveaux'),
})
afterAll(() => trees.remove())

describe('compressTree', () => {
  it("writes a page's .br, no .gz, that decodes to the file, for text files of 1 KiB or more only", async () => {
    const published = join(trees.dir, 'published')
    expect(await compressTree(published)).toEqual({ compressed: 2, reused: 0, deferred: [] })
    const html = readFileSync(join(published, 'index.html'))
    expect(brotliDecompressSync(readFileSync(join(published, 'index.html.br')))).toEqual(html)
    expect(existsSync(join(published, 'index.html.gz'))).toBe(false)
  })

  it('takes the published copies of unchanged files, compresses the changed ones', async () => {
    const next = join(trees.dir, 'next')
    const result = await compressTree(next, join(trees.dir, 'published'))
    // index.html unchanged: its copy reused; about.html and feed.xml changed or new: 2 written
    expect(result).toEqual({ compressed: 2, reused: 1, deferred: [] })
    const about = readFileSync(join(next, 'about.html'))
    expect(brotliDecompressSync(readFileSync(join(next, 'about.html.br')))).toEqual(about)
    expect(existsSync(join(next, 'feed.xml.br'))).toBe(true)
    for (const skipped of ['small.css', 'photo.png']) {
      expect(existsSync(join(next, `${skipped}.br`)), skipped).toBe(false)
      expect(existsSync(join(next, `${skipped}.gz`)), skipped).toBe(false)
    }
  })

  it('with deferChanged, lists the changed files; compressLive adds their copies to the live folder', async () => {
    const later = join(trees.dir, 'later')
    const published = join(trees.dir, 'published')
    const result = await compressTree(later, published, { deferChanged: true })
    // index.html unchanged: its copies reused; about.html changed and small.html new: deferred
    expect(result).toEqual({ compressed: 0, reused: 1, deferred: ['about.html', 'small.html'] })
    expect(existsSync(join(later, 'about.html.br'))).toBe(false)
    // once published (here: in place), the changed page gets its copy; the small one none
    expect(await compressLive(later, result.deferred)).toBe(1)
    const about = readFileSync(join(later, 'about.html'))
    expect(brotliDecompressSync(readFileSync(join(later, 'about.html.br')))).toEqual(about)
    expect(existsSync(join(later, 'about.html.gz'))).toBe(false)
    expect(existsSync(join(later, 'small.html.br'))).toBe(false)
    // a folder swapped away meanwhile is no error
    expect(await compressLive(join(trees.dir, 'gone'), ['index.html'])).toBe(0)
  })

  // decision 066: a tenant's pages at brotli 5 (gzip 6 as the serve sends them, decision 105),
  // shared assets at brotli 11 and gzip 9
  it.each([
    ['pages', 5, 6, false],
    ['shared', 11, 9, true],
  ] as const)(
    'compresses %s at brotli %i and gzip %i (a copy: %s)',
    async (effort: Effort, br, gzip, gzipCopy) => {
      expect(LEVELS[effort]).toEqual({ br, gzip })
      const dir = join(trees.dir, effort)
      await compressTree(dir, undefined, { effort })
      const html = readFileSync(join(dir, 'index.html'))
      const brotli = brotliCompressSync(html, { params: brotliParams(br, html.length) })
      expect(readFileSync(join(dir, 'index.html.br'))).toEqual(brotli)
      const gz = join(dir, 'index.html.gz')
      if (gzipCopy) expect(readFileSync(gz)).toEqual(gzipSync(html, { level: gzip }))
      else expect(existsSync(gz)).toBe(false)
    },
  )
})
