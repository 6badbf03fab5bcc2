import type { StudioScope } from './roles'

/**
 * Who edits the catalogue (docs/decisions/083-catalogue-checks.md, on top of decision 072): what
 * is the whole company's (services, products, categories, e-shop categories, areas, creating or
 * deleting a shop) is the owner's; what belongs to shops (a shop's own page and hours, its
 * resources, its closed and open days) is also the manager's of those shops; a practitioner
 * reads the catalogue and changes none of it. The studio hides what this refuses; the server
 * refuses it.
 */
export type CatalogueTarget =
  | { readonly company: true }
  /** the shops the write touches (before and after); null: every shop of the company */
  | { readonly shops: readonly (string | null)[] }

export function mayEditCatalogue(scope: StudioScope, target: CatalogueTarget): boolean {
  if (scope.role === 'owner') return true
  if (scope.role === 'practitioner' || 'company' in target) return false
  return (
    target.shops.length > 0 &&
    target.shops.every((shopId) => shopId !== null && scope.shopIds.includes(shopId))
  )
}
