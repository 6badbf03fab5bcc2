import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { makeSites } from '#support/serve'
import { compressLive, compressTree } from './compress'
import { brotliParams, type Effort, LEVELS } from './compress-levels'

/** Decision 026: brotli and gzip copies beside the text files of a build, reused when unchanged. */
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
  it('writes .br and .gz that decode to the file, for text files of 1 KiB or more only', async () => {
    const published = join(trees.dir, 'published')
    expect(await compressTree(published)).toEqual({ compressed: 4, reused: 0, deferred: [] })
    const html = readFileSync(join(published, 'index.html'))
    expect(brotliDecompressSync(readFileSync(join(published, 'index.html.br')))).toEqual(html)
    expect(gunzipSync(readFileSync(join(published, 'index.html.gz')))).toEqual(html)
  })

  it('takes the published copies of unchanged files, compresses the changed ones', async () => {
    const next = join(trees.dir, 'next')
    const result = await compressTree(next, join(trees.dir, 'published'))
    // index.html unchanged: 2 copies reused; about.html and feed.xml changed or new: 4 written
    expect(result).toEqual({ compressed: 4, reused: 2, deferred: [] })
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
    expect(result).toEqual({ compressed: 0, reused: 2, deferred: ['about.html', 'small.html'] })
    expect(existsSync(join(later, 'about.html.br'))).toBe(false)
    // once published (here: in place), the changed page gets its copies; the small one none
    expect(await compressLive(later, result.deferred)).toBe(2)
    const about = readFileSync(join(later, 'about.html'))
    expect(gunzipSync(readFileSync(join(later, 'about.html.gz')))).toEqual(about)
    expect(existsSync(join(later, 'small.html.br'))).toBe(false)
    // a folder swapped away meanwhile is no error
    expect(await compressLive(join(trees.dir, 'gone'), ['index.html'])).toBe(0)
  })

  // decision 066: a tenant's pages at brotli 5 and gzip 6, shared assets at brotli 11 and gzip 9
  it.each([
    ['pages', 5, 6],
    ['shared', 11, 9],
  ] as const)('compresses %s at brotli %i and gzip %i', async (effort: Effort, br, gzip) => {
    expect(LEVELS[effort]).toEqual({ br, gzip })
    const dir = join(trees.dir, effort)
    await compressTree(dir, undefined, { effort })
    const html = readFileSync(join(dir, 'index.html'))
    const brotli = brotliCompressSync(html, { params: brotliParams(br, html.length) })
    expect(readFileSync(join(dir, 'index.html.br'))).toEqual(brotli)
    expect(readFileSync(join(dir, 'index.html.gz'))).toEqual(gzipSync(html, { level: gzip }))
  })
})
