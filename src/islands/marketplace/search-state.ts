import type { LatLng } from '#domain/search/distance'
import { shopDistanceKm } from '#domain/search/distance'
import { matchShops } from '#domain/search/match-shops'
import { shopsWithinRadius } from '#domain/search/radius'
import { suggestShops } from '#domain/search/suggestions'

/** A shop as the search island gets it (ShopSearchBox.astro), shaped like the contract's Shop. */
export interface SearchShop {
  id: string
  href: string
  image: string | undefined
  /** online booking open: the card is a link with an arrow */
  active: boolean
  publicInfo: {
    name: string
    address: { address: string; city: string; country: string; zipcode: string }
  }
  localisation: { coordonate: LatLng } | undefined
}

export interface ShopResult {
  shop: SearchShop
  /** km from the visitor, when located and the shop has a position */
  distanceKm: number | null
}

/**
 * What the search shows (docs/product/2-screens.md, docs/product/4-states.md, docs/product/5-rules.md): typed text searches by zip prefix or by words
 * (locate mode left); without text, a located visitor sees the shops within the radius, nearest
 * first; otherwise nothing yet. Suggestions fill 1-5 results up to 6.
 */
export function searchView(input: {
  shops: readonly SearchShop[]
  text: string
  position: LatLng | null
  radiusKm: number
}): { mode: 'text' | 'locate'; results: ShopResult[]; suggestions: ShopResult[] } {
  const { shops, text, position, radiusKm } = input
  const withDistance = (shop: SearchShop): ShopResult => ({
    shop,
    distanceKm: position ? shopDistanceKm(shop, position) : null,
  })
  if (text.trim() !== '') {
    const results = matchShops(shops, text)
    return {
      mode: 'text',
      results: results.map(withDistance),
      suggestions: suggestShops(results, shops, position).map(withDistance),
    }
  }
  if (!position) return { mode: 'locate', results: [], suggestions: [] }
  const results = shopsWithinRadius(shops, position, radiusKm).map(({ shop, distanceKm }) => ({
    shop,
    distanceKm,
  }))
  return {
    mode: 'locate',
    results,
    suggestions: suggestShops(
      results.map((result) => result.shop),
      shops,
      position,
    ).map(withDistance),
  }
}
