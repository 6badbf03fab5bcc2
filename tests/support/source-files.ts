import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root, for the repository-wide checks of tests/layers. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

const SKIP = new Set(['node_modules', 'dist', '.astro', '.data'])
const SOURCE = /\.(?:ts|tsx|astro|mjs|cjs)$/

/** Every source file (ts, tsx, astro, mjs, cjs) below the given top folders of the repository. */
export function sourceFiles(tops: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (SKIP.has(entry.name)) return []
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return walk(path)
      return SOURCE.test(entry.name) ? [path] : []
    })
  return tops.flatMap((top) => walk(join(repoRoot, top)))
}
