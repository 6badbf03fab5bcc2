import type { Page, Request } from 'playwright-core'

/** The hosts of the Google Maps JavaScript API (src/site/headers/maps-hosts.ts). */
export const isMapsHost = (host: string) =>
  /(^|\.)googleapis\.com$|(^|\.)gstatic\.com$|(^|\.)google\.com$/.test(host)

/**
 * A stand-in for the Google Maps JavaScript API, answered at the network boundary: it records
 * every Map, Marker, fitBounds, prediction and geocoding call in `window.mapsCalls`, draws a
 * marker list in the map's element so the map is visibly there, and calls the loader's callback.
 * Predictions: one per entry of `places` whose name starts with the typed text.
 */
const STUB = `(() => {
  const calls = (window.mapsCalls = [])
  const places = { 'Chambéry, France': { id: 'place-chambery', lat: 45.5646, lng: 5.9178 } }
  class Map {
    constructor(element, options) {
      this.element = element
      calls.push({ call: 'Map', zoom: options.zoom })
      element.innerHTML = '<ul class="stub-markers"></ul>'
    }
    fitBounds() { calls.push({ call: 'fitBounds' }) }
  }
  class Marker {
    constructor({ position, map, title }) {
      calls.push({ call: 'Marker', title, lat: position.lat, lng: position.lng })
      const li = document.createElement('li')
      li.textContent = title
      map.element.querySelector('.stub-markers').append(li)
    }
  }
  class LatLngBounds { extend() {} }
  class AutocompleteService {
    async getPlacePredictions({ input, types }) {
      calls.push({ call: 'predictions', input, types })
      const typed = input.normalize('NFD').replace(/\\p{M}/gu, '').toLowerCase()
      return { predictions: Object.entries(places)
        .filter(([name]) => name.normalize('NFD').replace(/\\p{M}/gu, '').toLowerCase().startsWith(typed))
        .map(([description, p]) => ({ description, place_id: p.id })) }
    }
  }
  class Geocoder {
    async geocode({ placeId }) {
      calls.push({ call: 'geocode', placeId })
      const found = Object.values(places).find((p) => p.id === placeId)
      return { results: found ? [{ geometry: { location: { lat: () => found.lat, lng: () => found.lng } } }] : [] }
    }
  }
  window.google = { maps: { Map, Marker, LatLngBounds, Geocoder, places: { AutocompleteService } } }
  const callback = new URL(document.currentScript.src).searchParams.get('callback')
  window[callback]()
})()`

export interface MapsCall {
  call: string
  zoom?: number
  title?: string
  lat?: number
  lng?: number
  input?: string
  placeId?: string
}

/** Answers the loader with the stub; returns the loader requests seen. */
export async function stubGoogleMaps(page: Page): Promise<Request[]> {
  const requests: Request[] = []
  await page.route('https://maps.googleapis.com/maps/api/js?*', (route) => {
    requests.push(route.request())
    return route.fulfill({ contentType: 'text/javascript', body: STUB })
  })
  return requests
}

export const mapsCalls = (page: Page): Promise<MapsCall[]> =>
  page.evaluate(() => (window as unknown as { mapsCalls?: MapsCall[] }).mapsCalls ?? [])
