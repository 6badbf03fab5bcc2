import { RADIUS_KM } from '#contract/constants'
import { type LatLng, type LocatedShopLike, shopDistanceKm } from './distance'

/** The radius slider's value kept within 1-250 km; anything unreadable is the default 100 km. */
export function clampRadiusKm(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return RADIUS_KM.default
  return Math.min(RADIUS_KM.max, Math.max(RADIUS_KM.min, value))
}

export interface ShopWithDistance<T> {
  shop: T
  /** km from the origin */
  distanceKm: number
}

/**
 * Shops within `radiusKm` of `origin`, nearest first (docs/product/2-screens.md shop search with the radius slider).
 * Shops without a position cannot be placed in a radius and are left out; equal distances keep
 * the given order.
 */
export function shopsWithinRadius<T extends LocatedShopLike>(
  shops: readonly T[],
  origin: LatLng,
  radiusKm: number,
): ShopWithDistance<T>[] {
  const radius = clampRadiusKm(radiusKm)
  return sortByDistance(shops, origin).filter((entry) => entry.distanceKm <= radius)
}

/** Every shop with a position, nearest first; shops without a position are left out. */
export function sortByDistance<T extends LocatedShopLike>(
  shops: readonly T[],
  origin: LatLng,
): ShopWithDistance<T>[] {
  const placed: ShopWithDistance<T>[] = []
  for (const shop of shops) {
    const distanceKm = shopDistanceKm(shop, origin)
    if (distanceKm !== null) placed.push({ shop, distanceKm })
  }
  return placed.sort((a, b) => a.distanceKm - b.distanceKm)
}
