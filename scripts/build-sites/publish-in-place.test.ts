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
import { inPlaceOrder, publishInPlace } from './publish-in-place'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'publish-in-place-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

function write(dir: string, files: Readonly<Record<string, string>>): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

const past = new Date('2020-01-01T00:00:00Z')
const inode = (path: string) => statSync(path).ino
const sites = () => join(root, 'sites')
const out = (files: Readonly<Record<string, string>>) =>
  write(join(root, 'out', 'a.localhost'), files)
const listed = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.includes('.'))
    .sort()

function published(files: Readonly<Record<string, string>>): string {
  const site = write(join(sites(), 'a.localhost'), files)
  for (const path of Object.keys(files)) utimesSync(join(site, path), past, past)
  return site
}

describe('publishInPlace (a publish of some pages)', () => {
  it('replaces the changed pages and drops their old copies, adds new ones, removes gone ones, touches nothing else', async () => {
    const site = published({
      'index.html': 'home v1',
      'index.html.br': 'home v1 br',
      'old/index.html': 'old slug',
      'old/index.html.gz': 'old slug gz',
      'other/index.html': 'other',
      'other/index.html.br': 'other br',
      'same/index.html': 'same',
    })
    const untouched = inode(join(site, 'other/index.html'))
    const sameBefore = inode(join(site, 'same/index.html'))
    const src = out({
      'index.html': 'home v2',
      'new/index.html': 'new slug',
      'new/index.html.br': 'new slug br',
      'same/index.html': 'same',
    })
    const result = await publishInPlace(src, sites(), 'a.localhost', ['old/index.html'])
    expect(result).toEqual({ changed: true, written: 2, files: 3 })
    expect(listed(site)).toEqual([
      'index.html',
      'new/index.html',
      'new/index.html.br',
      'other/index.html',
      'other/index.html.br',
      'same/index.html',
    ])
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toBe('home v2')
    expect(readFileSync(join(site, 'new/index.html.br'), 'utf8')).toBe('new slug br')
    // the pages the publish did not change keep their very files (a CDN sync uploads nothing)
    expect(inode(join(site, 'other/index.html'))).toBe(untouched)
    expect(inode(join(site, 'same/index.html'))).toBe(sameBefore)
    // no temporary file left beside the pages, no tree beside the site
    expect(listed(site).some((file) => file.includes('.tmp-'))).toBe(false)
    expect(readdirSync(sites())).toEqual(['a.localhost'])
  })

  it('changes nothing when the pages are the ones live and no page is gone', async () => {
    const site = published({ 'index.html': 'home', 'index.html.br': 'home br' })
    const src = out({ 'index.html': 'home' })
    const result = await publishInPlace(src, sites(), 'a.localhost', ['gone/index.html'])
    expect(result).toEqual({ changed: false, written: 0, files: 1 })
    expect(listed(site)).toEqual(['index.html', 'index.html.br'])
    expect(statSync(join(site, 'index.html')).mtimeMs).toBe(past.getTime())
  })

  it('publishes the pages as the site when none is live yet', async () => {
    const src = out({ 'index.html': 'first' })
    const result = await publishInPlace(src, sites(), 'a.localhost', [])
    expect(result).toEqual({ changed: true, written: 1, files: 1 })
    expect(readFileSync(join(sites(), 'a.localhost', 'index.html'), 'utf8')).toBe('first')
    expect(existsSync(join(src, 'index.html'))).toBe(false)
  })
})

describe('inPlaceOrder', () => {
  it('puts _headers first, then the pages new to the site, then the replaced ones', () => {
    const live = new Set(['index.html', 'magazine/index.html', '_headers'])
    expect(
      inPlaceOrder(
        ['index.html', 'magazine/post/index.html', 'magazine/index.html', '_headers', 'x.html'],
        (f) => live.has(f),
      ),
    ).toEqual({
      first: ['_headers'],
      fresh: ['magazine/post/index.html', 'x.html'],
      replaced: ['index.html', 'magazine/index.html'],
    })
  })
})
