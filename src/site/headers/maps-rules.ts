import type { SiteSnapshot } from '#contract/site-snapshot'
import { isMarketplace } from '#domain/company/homepage-type'
import { LOCALES, localizePath } from '#i18n/index'
import { mapsConfig } from '#site/maps'
import { type PageHeadersInput, pageHeaders } from './csp'
import type { HeaderRule } from './headers-file'

/** The page that shows the map of the shops: /contact in every language. */
export const MAP_PAGES = ['/contact'] as const

/**
 * The `_headers` rules that let the maps provider's hosts in (docs/decisions/033-maps-after-consent.md): the
 * contact page (its map) and, on a marketplace, the home page (the shop search's city
 * autocomplete), only when the company configured the provider. Written after the site rule, so
 * they replace its policy on those paths only; the home's rules are exact paths ('/*' would be
 * every page).
 */
export function mapsHeaderRules(input: PageHeadersInput, snapshot: SiteSnapshot): HeaderRule[] {
  const { booker } = snapshot.company
  if (!mapsConfig(booker.maps)) return []
  const headers = pageHeaders({
    ...input,
    thirdParties: [...(input.thirdParties ?? []), 'googleMaps'],
  })
  const patterns = LOCALES.flatMap((locale) => {
    const contact = MAP_PAGES.flatMap((path) => {
      const localized = localizePath(path, locale)
      return [localized, `${localized}/*`]
    })
    if (!isMarketplace(snapshot.shops.length, booker.homepageType)) return contact
    const home = localizePath('/', locale)
    return [...contact, ...new Set([home, `${home.replace(/\/$/, '')}/`])]
  })
  return [...new Set(patterns)].map((pattern) => ({ pattern, headers }))
}
