/** A catalog flattened to dotted keys: `{ nav: { home: 'Accueil' } }` -> `{ 'nav.home': 'Accueil' }`. */
export type FlatMessages = Readonly<Record<string, string>>

/**
 * Flattens a nested JSON catalog. Anything but strings and plain objects is rejected, so a number
 * or an array slipped into a translation fails loudly rather than rendering "[object Object]".
 */
export function flattenCatalog(catalog: unknown): FlatMessages {
  const out: Record<string, string> = {}
  const walk = (node: unknown, prefix: string): void => {
    if (typeof node === 'string') {
      out[prefix] = node
      return
    }
    if (node === null || typeof node !== 'object' || Array.isArray(node)) {
      throw new TypeError(`i18n catalog: "${prefix}" must be a string or an object`)
    }
    for (const [key, child] of Object.entries(node)) {
      walk(child, prefix === '' ? key : `${prefix}.${key}`)
    }
  }
  walk(catalog, '')
  return out
}
