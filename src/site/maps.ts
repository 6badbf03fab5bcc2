import type { BookerMaps } from '#contract/booker-maps'
import { shopPosition } from '#domain/search/distance'

/** The provider the pages load after consent (docs/decisions/033-maps-after-consent.md). */
export interface MapsConfig {
  readonly provider: 'google'
  readonly apiKey: string
}

/** A Google browser key: letters, digits, '-' and '_' (anything else is never put in a URL). */
const GOOGLE_KEY = /^[A-Za-z0-9_-]{20,80}$/

/** The company's maps provider, when configured with a key of the right shape. */
export function mapsConfig(maps: BookerMaps): MapsConfig | undefined {
  if (!maps || !GOOGLE_KEY.test(maps.apiKey)) return undefined
  return { provider: maps.provider, apiKey: maps.apiKey }
}

export interface MapShop {
  readonly name: string
  readonly lat: number
  readonly lng: number
}

/** The shops a map marks: those with a position, named for their marker. */
export function mapShops(
  shops: readonly {
    publicInfo: { name: string }
    localisation?: { coordonate: { lat: number; lng: number } } | null | undefined
  }[],
): MapShop[] {
  return shops.flatMap((shop) => {
    const position = shopPosition(shop)
    return position ? [{ name: shop.publicInfo.name, ...position }] : []
  })
}
