import { DISTANCE_KM_THRESHOLD_M, EARTH_RADIUS_KM } from '#contract/constants'

export interface LatLng {
  lat: number
  lng: number
}

/** The Shop fields the distance reads (docs/product/3-entities.md Shop.localisation.coordonate). */
export interface LocatedShopLike {
  localisation?:
    | {
        coordonate?:
          | { lat?: number | string | null | undefined; lng?: number | string | null | undefined }
          | null
          | undefined
      }
    | null
    | undefined
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle distance in km, haversine with an earth radius of 6371 km (docs/product/9-constants.md). */
export function haversineKm(from: LatLng, to: LatLng): number {
  const dLat = toRadians(to.lat - from.lat)
  const dLng = toRadians(to.lng - from.lng)
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}

function coordinate(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null
  const n = Number(value)
  return Number.isFinite(n) ? n : null
}

/**
 * A shop's position, or null when it has none. Back ends store coordinates as strings too;
 * (0, 0) is treated as unset because it is what an empty form saves, not a beauty salon.
 */
export function shopPosition(shop: LocatedShopLike): LatLng | null {
  const lat = coordinate(shop.localisation?.coordonate?.lat)
  const lng = coordinate(shop.localisation?.coordonate?.lng)
  if (lat === null || lng === null || (lat === 0 && lng === 0)) return null
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null
  return { lat, lng }
}

/** Distance from `origin` to a shop in km, null when the shop has no position. */
export function shopDistanceKm(shop: LocatedShopLike, origin: LatLng): number | null {
  const position = shopPosition(shop)
  return position ? haversineKm(origin, position) : null
}

/** A distance as shown (docs/product/9-constants.md): whole metres up to 1000 m, else whole km (both half up). */
export interface ShownDistance {
  unit: 'm' | 'km'
  value: number
}

/**
 * Display of a distance (docs/product/9-constants.md): up to 1000 m in whole metres ('850 m', '1000 m'); above, in
 * whole km with a tilde because the rounding is coarse ('~2 km' for 1500 m, '~1 km' for 1001 m).
 * Both round half up, and a distance that rounds to 1000 m is shown in metres. The islands word
 * it through their catalogs (mkp.search.distanceM / distanceKm).
 */
export function shownDistance(meters: number): ShownDistance {
  const rounded = Math.round(Math.max(0, meters))
  if (rounded <= DISTANCE_KM_THRESHOLD_M) return { unit: 'm', value: rounded }
  return { unit: 'km', value: Math.round(rounded / 1000) }
}

export function formatDistance(meters: number): string {
  const { unit, value } = shownDistance(meters)
  return unit === 'm' ? `${value} m` : `~${value} km`
}
