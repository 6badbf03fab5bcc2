import { registerHooks } from 'node:module'

/**
 * A memo of Node's module resolution, for a process that loads the server or the sites' tools
 * (docs/decisions/112-resolve-memo.md). Node resolves every import again and reads the asking
 * package's package.json each time, parsing its whole `exports` map (drizzle-orm's is 179 KB):
 * importing server/start.ts costs 4.6 s of CPU without this memo and 3.0 s with it. Resolution is
 * a function of the specifier, where it is asked from and the conditions, so its answer is kept
 * under those:
 * - a relative specifier under the address it names;
 * - a bare one (a package, or `#…` from the project) under the package or project asking, when
 *   every file of it resolves bare specifiers alike; elsewhere under the asking folder.
 * A refused resolution is not kept: it is asked again, and throws again.
 */
const root = new URL('../../', import.meta.url).href
const NODE_MODULES = '/node_modules/'
const memo = new Map()

/** Where a bare specifier asked from `parentURL` resolves alike, or undefined to ask each time. */
function scopeOf(parentURL, specifier) {
  // the entry point's bare specifiers resolve from the working folder, which may change
  if (parentURL === undefined) return undefined
  const at = parentURL.lastIndexOf(NODE_MODULES)
  if (at >= 0) {
    // a package's `#…` imports read the nearest package.json, which may be one of its folders'
    if (specifier.startsWith('#')) return undefined
    const [scope = '', name = ''] = parentURL.slice(at + NODE_MODULES.length).split('/')
    return (
      parentURL.slice(0, at + NODE_MODULES.length) +
      (scope.startsWith('@') ? `${scope}/${name}` : scope)
    )
  }
  // the project has one package.json and one node_modules
  if (parentURL.startsWith(root)) return root
  return parentURL.slice(0, parentURL.lastIndexOf('/') + 1)
}

function keyOf(specifier, context) {
  const conditions = context.conditions?.join(',') ?? ''
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    if (context.parentURL === undefined) return undefined
    return `${new URL(specifier, context.parentURL).href}\0${conditions}`
  }
  if (specifier.startsWith('/') || specifier.includes(':')) return undefined
  const scope = scopeOf(context.parentURL, specifier)
  return scope === undefined ? undefined : `${specifier}\0${scope}\0${conditions}`
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    const key = keyOf(specifier, context)
    if (key === undefined) return nextResolve(specifier, context)
    const known = memo.get(key)
    if (known !== undefined) return { ...known, shortCircuit: true }
    const resolved = nextResolve(specifier, context)
    memo.set(key, resolved)
    return resolved
  },
})
