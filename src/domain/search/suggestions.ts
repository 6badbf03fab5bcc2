import { SUGGESTIONS_FILL_TO } from '#contract/constants'
import type { EntityId } from '../ids'
import { type LatLng, type LocatedShopLike, shopPosition } from './distance'
import { sortByDistance } from './radius'

export interface SuggestableShopLike extends LocatedShopLike {
  id: EntityId
}

/**
 * Suggestions under the search results (docs/product/9-constants.md): shown only for 1-5 results, they fill the list
 * up to 6 with other shops, nearest first, never repeating a result or a shop. Nearest to the
 * user's position when known, else to the first result (what the user was looking at); shops
 * without a position come last in their given order.
 */
export function suggestShops<T extends SuggestableShopLike>(
  results: readonly T[],
  allShops: readonly T[],
  origin?: LatLng | null,
): T[] {
  if (results.length < 1 || results.length >= SUGGESTIONS_FILL_TO) return []
  const taken = new Set(results.map((shop) => String(shop.id)))
  const others = allShops.filter((shop) => {
    const id = String(shop.id)
    if (taken.has(id)) return false
    taken.add(id)
    return true
  })
  const from = origin ?? firstPosition(results)
  const ordered = from ? nearestFirst(others, from) : others
  return ordered.slice(0, SUGGESTIONS_FILL_TO - results.length)
}

function firstPosition(results: readonly SuggestableShopLike[]): LatLng | null {
  const first = results[0]
  return first ? shopPosition(first) : null
}

function nearestFirst<T extends SuggestableShopLike>(shops: T[], origin: LatLng): T[] {
  const placed = sortByDistance(shops, origin).map((entry) => entry.shop)
  const placedSet = new Set(placed)
  return [...placed, ...shops.filter((shop) => !placedSet.has(shop))]
}
