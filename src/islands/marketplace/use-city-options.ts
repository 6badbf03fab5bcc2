import { useEffect, useMemo, useState } from 'react'
import { CONSENT_EVENT } from '#scripts/consent/analytics'
import { thirdPartyAllowed } from '#scripts/consent/purposes'
import { type GoogleMaps, loadGoogleMaps } from '#scripts/maps/google-maps'
import { type CityOption, localCityOptions, placeCityOptions } from './city-options'
import type { SearchShop } from './search-state'

export interface MapsKey {
  readonly apiKey: string
  readonly language: string
}

/**
 * The provider's API once the visitor allowed it (at mount or when the cookie dialog saves),
 * undefined before, without a configured key, or when its script fails.
 */
function useAllowedMaps(key: MapsKey | undefined): GoogleMaps | undefined {
  const [maps, setMaps] = useState<GoogleMaps>()
  useEffect(() => {
    if (!key) return
    let live = true
    const check = () => {
      if (!thirdPartyAllowed(document.cookie, 'maps')) return
      loadGoogleMaps(key.apiKey, key.language).then(
        (api) => live && setMaps(api),
        () => undefined,
      )
    }
    check()
    window.addEventListener(CONSENT_EVENT, check)
    return () => {
      live = false
      window.removeEventListener(CONSENT_EVENT, check)
    }
  }, [key])
  return maps
}

/** The options for the typed text, from the provider when allowed, else local. */
export function useCityOptions(
  shops: readonly SearchShop[],
  text: string,
  key: MapsKey | undefined,
): { options: CityOption[]; maps: GoogleMaps | undefined } {
  const maps = useAllowedMaps(key)
  const local = useMemo(() => localCityOptions(shops, text), [shops, text])
  const [places, setPlaces] = useState<CityOption[]>([])
  useEffect(() => {
    if (!maps || !key) return
    let live = true
    placeCityOptions(maps, text, key.language).then((found) => live && setPlaces(found))
    return () => {
      live = false
    }
  }, [maps, text, key])
  return { options: maps ? places : local, maps }
}
