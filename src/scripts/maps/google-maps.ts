/**
 * The Google Maps JavaScript API, loaded once per page by a script tag, only when the visitor
 * allowed the `maps` third party (purpose `content`, docs/decisions/033-maps-after-consent.md). Only
 * what the contact map and the city autocomplete call is typed here.
 */
export const GOOGLE_MAPS_SCRIPT = 'https://maps.googleapis.com/maps/api/js'
/** The global the script calls once it is ready (its `callback` parameter). */
export const MAPS_READY_CALLBACK = 'storefrontMapsReady'

interface LatLngLiteral {
  lat: number
  lng: number
}

export interface GoogleMaps {
  Map: new (
    element: HTMLElement,
    options: { center: LatLngLiteral; zoom: number; mapId?: string },
  ) => { fitBounds(bounds: unknown): void }
  Marker: new (options: { position: LatLngLiteral; map: unknown; title: string }) => unknown
  LatLngBounds: new () => { extend(point: LatLngLiteral): void }
  Geocoder: new () => {
    geocode(request: { placeId: string }): Promise<{
      results: { geometry: { location: { lat(): number; lng(): number } } }[]
    }>
  }
  places: {
    AutocompleteService: new () => {
      getPlacePredictions(request: {
        input: string
        types: string[]
        language: string
      }): Promise<{ predictions: { description: string; place_id: string }[] }>
    }
  }
}

declare global {
  interface Window {
    google?: { maps?: GoogleMaps }
    storefrontMapsReady?: () => void
  }
}

/** The loader's address: the company's key, the page's language, the places library. */
export function mapsScriptUrl(apiKey: string, language: string): string {
  const query = new URLSearchParams({
    key: apiKey,
    language,
    libraries: 'places',
    loading: 'async',
    callback: MAPS_READY_CALLBACK,
  })
  return `${GOOGLE_MAPS_SCRIPT}?${query}`
}

let loading: Promise<GoogleMaps> | undefined

/** The API, its script added once whatever the number of callers (map, autocomplete). */
export function loadGoogleMaps(apiKey: string, language: string): Promise<GoogleMaps> {
  loading ??= new Promise<GoogleMaps>((resolve, reject) => {
    window[MAPS_READY_CALLBACK] = () => {
      const maps = window.google?.maps
      if (maps) resolve(maps)
      else reject(new Error('maps script without google.maps'))
    }
    const script = document.createElement('script')
    script.async = true
    script.src = mapsScriptUrl(apiKey, language)
    script.dataset.thirdPartyScript = 'google-maps'
    script.addEventListener('error', () => {
      loading = undefined
      script.remove()
      reject(new Error('maps script failed to load'))
    })
    document.head.append(script)
  })
  return loading
}
