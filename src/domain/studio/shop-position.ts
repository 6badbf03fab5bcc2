/**
 * A shop's position as typed by hand when the geocoder finds nothing
 * (docs/decisions/083-catalogue-checks.md, docs/decisions/087-studio-shops-and-team.md): both
 * empty is no position; a comma is read as the decimal point (French keyboards); anything out of
 * the globe is refused before it is sent.
 */
export type PositionResult =
  | { readonly position: { readonly lat: number; readonly lng: number } | null }
  | { readonly error: 'lat' | 'lng' }

function degrees(text: string, limit: number): number | undefined {
  const trimmed = text.trim().replace(',', '.')
  if (!/^-?\d+(?:\.\d+)?$/.test(trimmed)) return undefined
  const value = Number(trimmed)
  return Math.abs(value) <= limit ? value : undefined
}

export function positionOf(lat: string, lng: string): PositionResult {
  if (lat.trim() === '' && lng.trim() === '') return { position: null }
  const latitude = degrees(lat, 90)
  if (latitude === undefined) return { error: 'lat' }
  const longitude = degrees(lng, 180)
  if (longitude === undefined) return { error: 'lng' }
  return { position: { lat: latitude, lng: longitude } }
}
