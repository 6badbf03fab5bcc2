import {
  existsSync,
  promises as fsp,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliDecompressSync } from 'node:zlib'
import type { PathWithRoute } from 'astro'
import { afterAll, describe, expect, it } from 'vitest'
import { divertWrites } from './divert-writes'
import { startPageCopies } from './page-copies'
import { tenantsWhenReady } from './tenants-when-ready'

const root = mkdtempSync(join(tmpdir(), 'divert-writes-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const page = (n: number) => Buffer.from(`<!doctype html><p>${'page '.repeat(400)}${n}</p>`)

describe('Astro’s writes taken over by the compression thread (decision 103)', () => {
  it('diverts the files and folders it is told to, and reports the others after writing them', async () => {
    const out = join(root, 'hooks')
    const diverted: string[] = []
    const written: string[] = []
    const restore = divertWrites({
      diverted: (path) => path.startsWith(join(out, 'tenant')),
      divert: async (path, bytes) => void diverted.push(`${path}:${bytes.length}`),
      written: (path) => void written.push(path),
    })
    try {
      await fsp.mkdir(pathToFileURL(join(out, 'tenant', 'en', 'x')), { recursive: true })
      await fsp.writeFile(pathToFileURL(join(out, 'tenant', 'en', 'x', 'index.html')), 'héllo')
      await fsp.mkdir(join(out, '_astro'), { recursive: true })
      await fsp.writeFile(join(out, '_astro', 'a.css'), 'b{}')
      // with options, the write stays Astro's: the folder it did not make is made first
      await fsp.writeFile(join(out, 'tenant', 'robots.txt'), 'ok', 'utf8')
    } finally {
      restore()
    }
    expect(existsSync(join(out, 'tenant', 'en'))).toBe(false)
    expect(diverted).toEqual([`${join(out, 'tenant', 'en', 'x', 'index.html')}:6`])
    expect(readFileSync(join(out, '_astro', 'a.css'), 'utf8')).toBe('b{}')
    expect(readFileSync(join(out, 'tenant', 'robots.txt'), 'utf8')).toBe('ok')
    expect(written).toEqual([join(out, '_astro', 'a.css'), join(out, 'tenant', 'robots.txt')])
  })

  it('the thread writes a page into a new folder, then its copies; a page it cannot write is an error', async () => {
    const copies = startPageCopies(1)
    const file = join(root, 'thread', 'a.localhost', 'en', 'post', 'index.html')
    writeFileSync(join(root, 'not-a-folder'), 'x')
    const bad = join(root, 'not-a-folder', 'index.html')
    const [good, broken] = await Promise.all([
      copies.add(file, page(1), { write: true, compress: true }),
      copies.add(bad, page(2), { write: true, compress: true }),
    ])
    await copies.close()
    expect(good).toEqual({})
    expect(broken.pageError).toMatch(/ENOTDIR|EEXIST/)
    expect(readFileSync(file)).toEqual(page(1))
    expect(brotliDecompressSync(readFileSync(`${file}.br`))).toEqual(page(1))
    // a page's brotli copy only (decision 105): the serve gzips it on the fly
    expect(existsSync(`${file}.gz`)).toBe(false)
    expect(copies.stats.copies).toBe(1)
  })

  it('moves a page the thread writes rather than copying it; a file only to compress is copied', async () => {
    // fresh memory of their own (a short Buffer.from is a view into a shared pool)
    const moved = new Uint8Array(page(3))
    const kept = new Uint8Array(page(4))
    const copies = startPageCopies(1)
    const folder = join(root, 'moves', 'a.localhost')
    await Promise.all([
      copies.add(join(folder, 'moved.html'), moved, { write: true, compress: false }),
      copies.add(join(folder, 'kept.html'), kept, { write: false, compress: true }),
    ])
    await copies.close()
    expect(moved.byteLength).toBe(0)
    expect(kept).toEqual(new Uint8Array(page(4)))
    expect(readFileSync(join(folder, 'moved.html'))).toEqual(page(3))
  })
})

const route = (pathname: string) =>
  ({
    pathname,
    route: { route: pathname, type: 'page', isIndex: true },
  }) as unknown as PathWithRoute

describe('a tenant announced once every page is written by the thread', () => {
  it('announces the whole tenants, never one with a page that could not be written, and fails the job', async () => {
    const out = join(root, 'ready')
    const told: string[] = []
    const ready = tenantsWhenReady({
      outDir: out,
      sitesDir: () => undefined,
      onReady: ({ group }) => void told.push(group),
    })
    ready.plan([route('/a.localhost/'), route('/a.localhost/en/'), route('/b.localhost/')])
    await fsp.mkdir(join(out, 'a.localhost', 'en'), { recursive: true })
    await fsp.writeFile(join(out, 'a.localhost', 'index.html'), page(1))
    expect(told).toEqual([])
    await fsp.writeFile(join(out, 'a.localhost', 'en', 'index.html'), page(2))
    // b.localhost's folder is taken by a file: its page cannot be written
    await fsp.mkdir(out, { recursive: true })
    writeFileSync(join(out, 'b.localhost'), 'x')
    await fsp.writeFile(join(out, 'b.localhost', 'index.html'), page(3))
    await expect(ready.finish()).rejects.toThrow(/pages not written: b\.localhost/)
    expect(told).toEqual(['a.localhost'])
    expect(readFileSync(join(out, 'a.localhost', 'en', 'index.html'))).toEqual(page(2))
    expect(existsSync(join(out, 'a.localhost', 'en', 'index.html.br'))).toBe(true)
  })
})
