import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mergeFolder, publishFolder, swapMarker } from './publish-atomic'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'publish-test-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

function write(dir: string, files: Readonly<Record<string, string>>): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

const mtime = (path: string) => statSync(path).mtimeMs
const past = new Date('2020-01-01T00:00:00Z')

/** A published site whose files all carry an old mtime, so any rewrite shows. */
function published(files: Readonly<Record<string, string>>): string {
  const site = write(join(root, 'sites', 'a.localhost'), files)
  for (const path of Object.keys(files)) utimesSync(join(site, path), past, past)
  return site
}

describe('publishFolder', () => {
  it('publishes a first site', async () => {
    const src = write(join(root, 'out', 'a.localhost'), {
      'index.html': 'v1',
      'en/index.html': 'en',
    })
    const result = await publishFolder(src, join(root, 'sites'), 'a.localhost')
    expect(result).toEqual({ changed: true, written: 2, files: 2 })
    expect(readFileSync(join(root, 'sites/a.localhost/en/index.html'), 'utf8')).toBe('en')
  })

  it('moves a first site as one folder: the same inodes, and no empty folder left to remove', async () => {
    const src = write(join(root, 'out', 'a.localhost'), {
      'index.html': 'v1',
      'en/services/index.html': 'en',
    })
    const inode = statSync(join(src, 'en/services/index.html')).ino
    await publishFolder(src, join(root, 'sites'), 'a.localhost')
    expect(statSync(join(root, 'sites/a.localhost/en/services/index.html')).ino).toBe(inode)
    // moved file by file, the build's folder kept one empty folder per page
    expect(existsSync(src)).toBe(false)
    expect(readdirSync(join(root, 'sites')).filter((name) => name.startsWith('.'))).toEqual([])
  })

  it('rewrites no file when the bytes are unchanged (mtimes kept)', async () => {
    const site = published({ 'index.html': 'same', 'en/index.html': 'same en' })
    const src = write(join(root, 'out', 'a.localhost'), {
      'index.html': 'same',
      'en/index.html': 'same en',
    })
    const result = await publishFolder(src, join(root, 'sites'), 'a.localhost')
    expect(result).toEqual({ changed: false, written: 0, files: 2 })
    expect(mtime(join(site, 'index.html'))).toBe(past.getTime())
    expect(mtime(join(site, 'en/index.html'))).toBe(past.getTime())
  })

  it('writes only the changed files, keeps the others untouched, drops removed ones', async () => {
    const site = published({ 'index.html': 'same', 'old.html': 'gone soon', 'a.html': 'v1' })
    const src = write(join(root, 'out', 'a.localhost'), {
      'index.html': 'same',
      'a.html': 'v2',
      'new.html': 'n',
    })
    const result = await publishFolder(src, join(root, 'sites'), 'a.localhost')
    expect(result).toEqual({ changed: true, written: 2, files: 3 })
    expect(mtime(join(site, 'index.html'))).toBe(past.getTime())
    expect(mtime(join(site, 'a.html'))).toBeGreaterThan(past.getTime())
    expect(readFileSync(join(site, 'a.html'), 'utf8')).toBe('v2')
    expect(existsSync(join(site, 'old.html'))).toBe(false)
    // nothing left beside the site: no temp or old tree
    expect(readdirSync(join(root, 'sites'))).toEqual(['a.localhost'])
  })

  it('leaves nothing of the swap behind: no marker, no old tree, no temporary folder', async () => {
    published({ 'index.html': 'old' })
    const out = write(join(root, 'out', 'a.localhost'), { 'index.html': 'new' })
    await publishFolder(out, join(root, 'sites'), 'a.localhost')
    expect(readdirSync(join(root, 'sites'))).toEqual(['a.localhost'])
    expect(existsSync(swapMarker(join(root, 'sites'), 'a.localhost'))).toBe(false)
    expect(readFileSync(join(root, 'sites', 'a.localhost', 'index.html'), 'utf8')).toBe('new')
  })

  it('leaves the old site intact when the new output cannot be published', async () => {
    const site = published({ 'index.html': 'good' })
    await expect(
      publishFolder(join(root, 'out', 'missing'), join(root, 'sites'), 'a.localhost'),
    ).rejects.toThrow()
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toBe('good')
    expect(mtime(join(site, 'index.html'))).toBe(past.getTime())
    expect(readdirSync(join(root, 'sites'))).toEqual(['a.localhost'])
  })
})

describe('mergeFolder (shared hashed assets)', () => {
  it('adds new assets, keeps old ones, and leaves identical ones untouched', async () => {
    const shared = write(join(root, 'sites', '_astro'), { 'old.1.js': 'old', 'same.2.css': 'css' })
    utimesSync(join(shared, 'same.2.css'), past, past)
    const src = write(join(root, 'out', '_astro'), { 'same.2.css': 'css', 'new.3.js': 'new' })
    expect(await mergeFolder(src, shared)).toBe(1)
    expect(readdirSync(shared).sort()).toEqual(['new.3.js', 'old.1.js', 'same.2.css'])
    expect(mtime(join(shared, 'same.2.css'))).toBe(past.getTime())
  })
})
