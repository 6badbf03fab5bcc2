import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cachedStudio, KEPT, keepStudio, STUDIO_CACHE, studioKey } from './studio-cache'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

function fakeRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'studio-cache-'))
  roots.push(root)
  mkdirSync(join(root, 'src', 'studio', 'pages'), { recursive: true })
  writeFileSync(join(root, 'src', 'studio', 'pages', 'index.astro'), '<h1>Studio</h1>')
  writeFileSync(join(root, 'astro.studio.config.mjs'), 'export default {}')
  writeFileSync(join(root, 'package-lock.json'), '{}')
  return root
}

describe('the studio build cache', () => {
  it('keys on every source byte, the settings, .env files and the PUBLIC_ environment', () => {
    const root = fakeRoot()
    const env = { NODE_ENV: 'development', PUBLIC_STORAGE_URL: 'http://a', HOME: '/root' }
    const key = studioKey(root, env)
    expect(studioKey(root, { ...env, HOME: '/elsewhere' })).toBe(key)
    expect(studioKey(root, { ...env, PUBLIC_STORAGE_URL: 'http://b' })).not.toBe(key)
    expect(studioKey(root, { ...env, NODE_ENV: 'production' })).not.toBe(key)
    writeFileSync(join(root, 'src', 'studio', 'pages', 'index.astro'), '<h1>Studio!</h1>')
    const edited = studioKey(root, env)
    expect(edited).not.toBe(key)
    writeFileSync(join(root, 'src', 'studio', 'pages', 'other.astro'), '')
    const added = studioKey(root, env)
    expect(added).not.toBe(edited)
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}')
    const locked = studioKey(root, env)
    expect(locked).not.toBe(added)
    writeFileSync(join(root, '.env'), 'PUBLIC_X=1')
    expect(studioKey(root, env)).not.toBe(locked)
  })

  it('keeps a built tree under its key, and only the most recent ones', async () => {
    const root = fakeRoot()
    expect(await cachedStudio(root, 'k0')).toBeUndefined()
    const built = join(root, 'built')
    mkdirSync(join(built, '_astro'), { recursive: true })
    writeFileSync(join(built, 'index.html'), '<h1>Studio</h1>')
    writeFileSync(join(built, 'index.html.br'), 'brotli')
    for (let i = 0; i <= KEPT; i++) {
      await keepStudio(root, `k${i}`, built)
      // mtimes a few milliseconds apart: the order pruning reads
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const kept = readdirSync(join(root, STUDIO_CACHE)).sort()
    expect(kept).toEqual(Array.from({ length: KEPT }, (_, i) => `k${i + 1}`))
    const tree = await cachedStudio(root, `k${KEPT}`)
    expect(tree && readFileSync(join(tree, 'index.html.br'), 'utf8')).toBe('brotli')
    // a copy abandoned by a process that died while writing it goes with the next keep
    const abandoned = join(root, STUDIO_CACHE, '.partial-k9-1')
    mkdirSync(abandoned)
    const hourAgo = new Date(Date.now() - 3_600_000)
    utimesSync(abandoned, hourAgo, hourAgo)
    // the same key kept twice (two starts at once): the first tree stays whole
    await keepStudio(root, `k${KEPT}`, built)
    expect(readdirSync(join(root, STUDIO_CACHE)).filter((name) => name.startsWith('.'))).toEqual([])
  })
})
