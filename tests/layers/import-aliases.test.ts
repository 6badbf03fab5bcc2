import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot, sourceFiles } from '#support/source-files'

/**
 * Imports that leave their part of the tree go through an alias (decision 030): `#<folder>/` is
 * src/<folder>/, `#server/` is server/, `#support/` is tests/support/. A part is the second level:
 * src/domain, server/services, tests/journeys... package.json `imports` resolves them at run time
 * (Node, tsx, Vite) and tsconfig.json `paths` for the type checker: the two must agree.
 */
const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  imports: Record<string, string>
}
const tsconfig = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.json'), 'utf8')) as {
  compilerOptions: { paths: Record<string, string[]> }
}
const SPECIFIER = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g

function partOf(path: string): string {
  const parts = path.split('/')
  return parts.length > 2 ? parts.slice(0, 2).join('/') : (parts[0] ?? path)
}
const aliasedRoots = Object.values(pkg.imports).map((target) => target.slice(2, -2))

function exists(base: string): boolean {
  return ['', '.ts', '.tsx', '/index.ts'].some((suffix) =>
    existsSync(join(repoRoot, base + suffix)),
  )
}

describe('import aliases', () => {
  it('package.json imports and tsconfig paths name the same folders', () => {
    const fromTsconfig = Object.fromEntries(
      Object.entries(tsconfig.compilerOptions.paths).map(([alias, [target]]) => [alias, target]),
    )
    expect(fromTsconfig).toEqual(pkg.imports)
  })

  it('no relative import leaves its part of the tree for an aliased folder', () => {
    const files = sourceFiles(['src', 'server', 'tests', 'tenants']).filter(
      (file) => !file.endsWith('.mjs') && !file.includes('/tests/layers/fixture/'),
    )
    const climbing = files.flatMap((file) => {
      const from = relative(repoRoot, file)
      return [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].flatMap(([, spec = '']) => {
        const resolved = normalize(join(dirname(from), spec))
        const target = existsSync(join(repoRoot, resolved, 'index.ts'))
          ? `${resolved}/index`
          : resolved
        const aliased = aliasedRoots.some(
          (root) => target === root || target.startsWith(`${root}/`),
        )
        return aliased && partOf(target) !== partOf(from) && exists(target)
          ? [`${from}: ${spec}`]
          : []
      })
    })
    expect(climbing).toEqual([])
  })
})
