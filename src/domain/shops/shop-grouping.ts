import { UNGROUPED_SHOP_GROUP } from '#contract/constants'
import type { EntityId } from '../ids'

/** Shop.geoGroupment (docs/product/3-entities.md); the rule reads id and order, and keeps the rest. */
export interface GeoGroupmentLike {
  id: EntityId
  order?: number | null | undefined
}

export interface GroupedShopLike<G extends GeoGroupmentLike = GeoGroupmentLike> {
  geoGroupment?: G | null | undefined
}

export interface ShopGroup<T, G> {
  group: G | typeof UNGROUPED_SHOP_GROUP
  shops: T[]
}

const orderOf = (group: GeoGroupmentLike) => group.order ?? UNGROUPED_SHOP_GROUP.order
const isUngrouped = (group: GeoGroupmentLike) => group === UNGROUPED_SHOP_GROUP

/**
 * Shops grouped by geoGroupment (docs/product/3-entities.md, docs/product/9-constants.md), groups ordered by their order, then by id so equal
 * orders are stable; a group without an order sorts as 99999. Shops without a geoGroupment form
 * UNGROUPED_SHOP_GROUP {id '-1', name 'Autre(s)', order 99999}, always last, even after a group
 * whose order is as large.
 * Shops keep their given order inside a group; empty groups are not listed.
 */
export function groupShops<G extends GeoGroupmentLike, T extends GroupedShopLike<G>>(
  shops: readonly T[],
): ShopGroup<T, G>[] {
  const groups = new Map<string, ShopGroup<T, G>>()
  for (const shop of shops) {
    const group = shop.geoGroupment ?? UNGROUPED_SHOP_GROUP
    const key = String(group.id)
    const entry = groups.get(key) ?? { group, shops: [] }
    entry.shops.push(shop)
    groups.set(key, entry)
  }
  return [...groups.values()].sort(
    (a, b) =>
      Number(isUngrouped(a.group)) - Number(isUngrouped(b.group)) ||
      orderOf(a.group) - orderOf(b.group) ||
      String(a.group.id).localeCompare(String(b.group.id), 'en', { numeric: true }),
  )
}
