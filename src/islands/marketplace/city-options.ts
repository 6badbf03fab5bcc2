import { citySuggestions } from '#domain/search/city-suggestions'
import type { LatLng } from '#domain/search/distance'
import type { GoogleMaps } from '#scripts/maps/google-maps'
import type { SearchShop } from './search-state'

/**
 * What the city autocomplete offers (docs/decisions/033-maps-after-consent.md): the provider's
 * city predictions once the visitor allowed the maps provider, else the cities of the company's
 * shops (citySuggestions). Choosing a local city searches it as text; choosing a predicted place
 * searches around its position.
 */
export type CityOption =
  | { readonly kind: 'city'; readonly label: string }
  | { readonly kind: 'place'; readonly label: string; readonly placeId: string }

export function localCityOptions(shops: readonly SearchShop[], text: string): CityOption[] {
  return citySuggestions(shops, text).map(({ city }) => ({ kind: 'city', label: city }))
}

/** The provider's city predictions for the text (none for empty text or on failure). */
export async function placeCityOptions(
  maps: GoogleMaps,
  text: string,
  language: string,
): Promise<CityOption[]> {
  if (text.trim() === '') return []
  try {
    const service = new maps.places.AutocompleteService()
    const { predictions } = await service.getPlacePredictions({
      input: text,
      types: ['(cities)'],
      language,
    })
    return predictions
      .slice(0, 6)
      .map((p) => ({ kind: 'place', label: p.description, placeId: p.place_id }))
  } catch {
    return []
  }
}

/** The position of a predicted place, or null when the provider cannot tell. */
export async function placePosition(maps: GoogleMaps, placeId: string): Promise<LatLng | null> {
  try {
    const { results } = await new maps.Geocoder().geocode({ placeId })
    const location = results[0]?.geometry.location
    return location ? { lat: location.lat(), lng: location.lng() } : null
  } catch {
    return null
  }
}
