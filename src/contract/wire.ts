/**
 * Limits every value a request carries, whatever field it lands in (docs/decisions/016-bad-input.md):
 * the server checks the raw params, query and body with `wireProblem` before the call's own
 * schema, so a field written as a bare z.string() is still bounded. PostgreSQL refuses U+0000 in
 * text and jsonb (a server error, not the caller's fault), other control characters have no
 * place in names, addresses or HTML, and no call of this API needs deep nesting.
 */

/** The longest string any field takes: rich text (post bodies) stays well under it. */
export const MAX_WIRE_STRING = 20_000
/** Objects within arrays within objects: the deepest body of the contract is far shallower. */
export const MAX_WIRE_DEPTH = 16
/** Items of one array or keys of one object. */
export const MAX_WIRE_ITEMS = 1_000

/** A control character other than tab, line feed and carriage return (C0 and DEL). */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) {
      return true
    }
  }
  return false
}

/** The first thing wrong with a value as the wire carries it, as `path: reason`; undefined if none. */
export function wireProblem(value: unknown, path = '', depth = 0): string | undefined {
  const at = path || '(root)'
  if (typeof value === 'string') {
    if (value.length > MAX_WIRE_STRING) return `${at}: text longer than ${MAX_WIRE_STRING}`
    if (hasControlCharacter(value)) return `${at}: control character`
    return undefined
  }
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${at}: not finite`
  if (value === null || typeof value !== 'object') return undefined
  if (depth >= MAX_WIRE_DEPTH) return `${at}: nested too deeply`
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value)
  if (entries.length > MAX_WIRE_ITEMS) return `${at}: more than ${MAX_WIRE_ITEMS} items`
  for (const [key, item] of entries) {
    const inner = path ? `${path}.${key}` : key
    if (key.length > 200 || hasControlCharacter(key)) return `${at}: bad key`
    const problem = wireProblem(item, inner, depth + 1)
    if (problem) return problem
  }
  return undefined
}
