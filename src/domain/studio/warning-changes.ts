import type { CatalogueWarning } from './catalogue-checks'

/**
 * What a save of a shop or a resource left unbookable (docs/decisions/087-studio-shops-and-team.md):
 * the warnings of the catalogue check after the change that were not there before, and those it
 * fixed. The screen names both, so a change never makes a service unbookable silently.
 */
const keyOf = (w: CatalogueWarning) => `${w.code}|${w.serviceId}|${w.shopId ?? ''}`

export function warningChanges(
  before: readonly CatalogueWarning[],
  after: readonly CatalogueWarning[],
): { readonly added: CatalogueWarning[]; readonly fixed: CatalogueWarning[] } {
  const had = new Set(before.map(keyOf))
  const has = new Set(after.map(keyOf))
  return {
    added: after.filter((w) => !had.has(keyOf(w))),
    fixed: before.filter((w) => !has.has(keyOf(w))),
  }
}

/** The warnings about one shop (those naming no shop concern every shop's services). */
export const warningsAt = (warnings: readonly CatalogueWarning[], shopId: string) =>
  warnings.filter((w) => w.shopId === shopId)
