import type { EntityId } from '../ids'

/**
 * A cart line's name in the page's language (docs/product/3-entities.md "Booking cart item",
 * "E-shop cart item"; docs/architecture.md "Islands"): a line added on a page keeps the item's
 * name in each enabled language (`names`) beside the name of the page it was added on (`name`).
 * A line stored before names were kept, or a language without a name, shows its stored name.
 */
export type LineNames = Readonly<Record<string, string>>

export interface NamedLine {
  name: string
  names?: LineNames | undefined
}

export function lineName(line: NamedLine, locale: string): string {
  // names come back from the browser's storage: anything but a string counts as missing
  const own = line.names?.[locale]
  return (typeof own === 'string' && own.trim()) || line.name
}

/** The lines with `name` in the page's language; a line whose name is already that is kept as is. */
export function linesInLocale<T extends NamedLine>(lines: readonly T[], locale: string): T[] {
  return lines.map((line) => {
    const name = lineName(line, locale)
    return name === line.name ? line : { ...line, name }
  })
}

/**
 * The e-shop lines travel in a cookie (sent with every request, at most about 4 KB): their names
 * per language are kept apart, keyed by product id, and joined back when the cart is read.
 */
export function splitLineNames<T extends NamedLine & { id: EntityId }>(
  lines: readonly T[],
): { lines: Omit<T, 'names'>[]; names: Record<string, LineNames> } {
  // no prototype: a product id such as "__proto__" or "valueOf" is an ordinary key here
  const names: Record<string, LineNames> = Object.create(null) as Record<string, LineNames>
  const bare = lines.map(({ names: own, ...line }) => {
    if (own) names[String(line.id)] = own
    return line
  })
  return { lines: bare, names }
}

/** The inverse of splitLineNames; a line without kept names stays without (its stored name shows). */
export function joinLineNames<T extends NamedLine & { id: EntityId }>(
  lines: readonly T[],
  names: Readonly<Record<string, LineNames>> | null | undefined,
): T[] {
  return lines.map((line) => {
    const key = String(line.id)
    // own keys only: the map comes back from a cookie, and "valueOf" must not find Object's method
    const own = names && Object.hasOwn(names, key) ? names[key] : undefined
    return own ? { ...line, names: own } : line
  })
}
