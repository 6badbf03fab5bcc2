import { describe, expect, it } from 'vitest'
import { EVERY_PAGE_CHUNK, everyPageChunk, type ModuleGraph } from './every-page-chunk'

const HEADER = '/repo/src/components/header/Header.astro?astro&type=script&index=0&lang.ts'
const MENU = '/repo/src/components/header/AccountMenu.astro?astro&type=script&index=0&lang.ts'

/** A module graph from importer lists: module -> the modules importing it statically. */
function graph(importers: Record<string, string[]>): ModuleGraph {
  return { getModuleInfo: (id) => (id in importers ? { importers: importers[id] ?? [] } : null) }
}

describe('the every-page chunk', () => {
  const modules = graph({
    [HEADER]: [],
    [MENU]: [],
    '/repo/src/scripts/header/header-menu.ts': [HEADER],
    '/repo/src/islands/loading/needs.ts': [
      '/repo/src/scripts/header/header-menu.ts',
      '/repo/island.tsx',
    ],
    '/repo/src/stores/keys.ts': ['/repo/src/islands/loading/needs.ts'],
    '/repo/src/scripts/account-menu/account-menu.ts': [MENU],
    // an island, reached only through a dynamic import: importers lists static ones
    '/repo/island.tsx': [],
    '/repo/src/domain/money.ts': ['/repo/island.tsx'],
    // a cycle that never reaches a page script
    '/repo/a.ts': ['/repo/b.ts'],
    '/repo/b.ts': ['/repo/a.ts'],
  })

  it('takes what the header and account-menu scripts import, directly or through others', () => {
    for (const id of [
      '/repo/src/scripts/header/header-menu.ts',
      '/repo/src/scripts/account-menu/account-menu.ts',
      '/repo/src/stores/keys.ts',
      // shared with an island: every page downloads it anyway
      '/repo/src/islands/loading/needs.ts',
    ]) {
      expect(everyPageChunk(id, modules), id).toBe(EVERY_PAGE_CHUNK)
    }
  })

  it('leaves the scripts themselves, what only an island imports, cycles and unknown modules', () => {
    for (const id of [
      HEADER,
      MENU,
      '/repo/island.tsx',
      '/repo/src/domain/money.ts',
      '/repo/a.ts',
      '/repo/unknown.ts',
    ]) {
      expect(everyPageChunk(id, modules), id).toBeNull()
    }
  })
})
