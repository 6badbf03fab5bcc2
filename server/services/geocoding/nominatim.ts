import * as z from 'zod/mini'

/** A point on the map, as the contract's `coordinates` carries it. */
export interface Position {
  readonly lat: number
  readonly lng: number
}

/** A postal address, as a shop's `publicInfo.address` holds it. */
export interface PostalAddress {
  readonly address: string
  readonly zipcode: string
  readonly city: string
  readonly country: string
}

/**
 * The seam: the API asks where an address is and gets a position or nothing (not found, no
 * provider, the provider down or slow). The studio then lets the user place the shop by hand.
 */
export interface Geocoder {
  locate(address: PostalAddress): Promise<Position | undefined>
}

/** Without GEOCODER_URL nothing is looked up: every address is "not found". */
export const noGeocoder: Geocoder = { locate: async () => undefined }

/**
 * Nominatim's search answer (https://nominatim.org/release-docs/latest/api/Search/): a list of
 * places, best first, coordinates as decimal strings. Other fields are ignored.
 */
const searchAnswer = z.array(z.object({ lat: z.string(), lon: z.string() }))

/** The provider's budget: a slow geocoder must not hold the studio's save. */
const TIMEOUT_MS = 5_000

/**
 * GET <base>/search?format=jsonv2&limit=1&street=..&postalcode=..&city=..&country=.. with an
 * identifying User-Agent (Nominatim's usage policy). Any provider, or a fake in tests, answering
 * that shape fits; a failure is logged and answered as "not found".
 */
export function nominatimGeocoder(
  baseUrl: string,
  log: (line: string) => void,
  fetchImpl: typeof fetch = fetch,
): Geocoder {
  return {
    async locate(address) {
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
      const params = {
        format: 'jsonv2',
        limit: '1',
        street: address.address,
        postalcode: address.zipcode,
        city: address.city,
        country: address.country,
      }
      for (const [key, value] of Object.entries(params)) {
        if (value.trim() !== '') url.searchParams.set(key, value.trim())
      }
      try {
        const response = await fetchImpl(url, {
          headers: { accept: 'application/json', 'user-agent': 'storefront-studio/1 (geocoding)' },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
        if (!response.ok) throw new Error(`status ${response.status}`)
        const [best] = searchAnswer.parse(await response.json())
        const lat = Number(best?.lat)
        const lng = Number(best?.lon)
        const valid = Math.abs(lat) <= 90 && Math.abs(lng) <= 180
        return best && valid ? { lat, lng } : undefined
      } catch (error) {
        log(`geocoder failed: ${error instanceof Error ? error.name : 'error'}`)
        return undefined
      }
    },
  }
}
