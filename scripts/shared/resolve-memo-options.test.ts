import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { projectRoot } from './paths'
import { RESOLVE_MEMO_URL, withResolveMemo } from './resolve-memo-options'

/**
 * A hook that counts what reaches Node's own resolver. Preloaded before the memo, it runs after it
 * (the last hook registered runs first), so it sees only the memo's misses.
 */
const COUNTER = `data:text/javascript,${encodeURIComponent(`
  import { registerHooks } from 'node:module'
  globalThis.asked = []
  registerHooks({ resolve(specifier, context, next) {
    globalThis.asked.push(specifier)
    return next(specifier, context)
  } })
`)}`

/** The same specifiers twice, from the project and from inside a package, with their answers. */
const SCRIPT = `
  const specifiers = ['zod', '#domain/ids.ts', './scripts/shared/ports.ts', 'node:fs']
  const first = specifiers.map((specifier) => import.meta.resolve(specifier))
  globalThis.asked.length = 0
  const again = specifiers.map((specifier) => import.meta.resolve(specifier))
  const askedAgain = [...globalThis.asked]
  // a package's own imports (hono's files import each other and their dependencies)
  const { Hono } = await import('hono')
  console.log(JSON.stringify({ first, again, askedAgain, hono: typeof Hono }))
`

function run(nodeOptions: string) {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
    cwd: projectRoot,
    env: { ...process.env, NODE_OPTIONS: `--import=${COUNTER} ${nodeOptions}` },
    encoding: 'utf8',
  })
  expect(result.stderr).toBe('')
  return JSON.parse(result.stdout) as {
    first: string[]
    again: string[]
    askedAgain: string[]
    hono: string
  }
}

describe('the resolution memo (resolve-memo.mjs)', () => {
  it('withResolveMemo adds the preload once, after the options already given', () => {
    const preload = `--import=${RESOLVE_MEMO_URL}`
    expect(withResolveMemo(undefined)).toBe(preload)
    expect(withResolveMemo('  ')).toBe(preload)
    expect(withResolveMemo('--enable-source-maps')).toBe(`--enable-source-maps ${preload}`)
    expect(withResolveMemo(withResolveMemo('--enable-source-maps'))).toBe(
      `--enable-source-maps ${preload}`,
    )
  })

  it('answers as Node does, and asks Node once per specifier and place', () => {
    const plain = run('')
    const memo = run(withResolveMemo(''))
    expect(memo.first).toEqual(plain.first)
    expect(memo.again).toEqual(plain.first)
    expect(memo.hono).toBe('function')
    // without the memo each import asks Node again; with it, none but the builtin does
    expect(plain.askedAgain).toEqual([
      'zod',
      '#domain/ids.ts',
      './scripts/shared/ports.ts',
      'node:fs',
    ])
    expect(memo.askedAgain).toEqual(['node:fs'])
  })
})
