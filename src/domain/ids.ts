/**
 * Entity ids. The contract makes every id an opaque string (src/contract/common.ts); the rules
 * also accept numbers so a legacy stored cart or cookie written with numeric ids still matches.
 * Ids are therefore compared as text, never with === across sources.
 */
export type EntityId = string | number

export function sameId(a: EntityId | null | undefined, b: EntityId | null | undefined): boolean {
  return a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b)
}
