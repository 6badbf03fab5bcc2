/** docs/product/9-constants.md: a map of one place opens at zoom 18. */
export const SINGLE_SHOP_ZOOM = 18

export interface MapPoint {
  readonly name: string
  readonly lat: number
  readonly lng: number
}

/**
 * How the contact map opens: one shop centred at zoom 18; several fitted to their bounds (the
 * zoom given here is only the first frame before fitting).
 */
export function mapView(points: readonly MapPoint[]): {
  center: { lat: number; lng: number }
  zoom: number
  fit: boolean
} {
  const [first, ...others] = points
  if (!first) return { center: { lat: 0, lng: 0 }, zoom: 2, fit: false }
  if (others.length === 0) {
    return { center: { lat: first.lat, lng: first.lng }, zoom: SINGLE_SHOP_ZOOM, fit: false }
  }
  const mean = (pick: (p: MapPoint) => number) =>
    points.reduce((sum, p) => sum + pick(p), 0) / points.length
  return { center: { lat: mean((p) => p.lat), lng: mean((p) => p.lng) }, zoom: 8, fit: true }
}

/** The shops the page hands over in `data-shops`, kept only when well formed. */
export function readPoints(json: string | undefined): MapPoint[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]')
    if (!Array.isArray(value)) return []
    return value.filter(
      (p): p is MapPoint =>
        typeof p === 'object' &&
        p !== null &&
        typeof p.name === 'string' &&
        Number.isFinite(p.lat) &&
        Number.isFinite(p.lng),
    )
  } catch {
    return []
  }
}
