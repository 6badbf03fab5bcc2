import type { SiteSnapshot } from '#contract/site-snapshot'
import { isMarketplace } from '#domain/company/homepage-type'
import { LOCALES, localizePath } from '#i18n/index'
import { mapsConfig } from '#site/maps'
import { isRoutableSlug } from '#site/reserved'
import { type PageHeadersInput, pageHeaders } from './csp'
import type { HeaderRule } from './headers-file'

/** The page that shows the map of every shop: /contact in every language. */
const MAP_PAGES = ['/contact'] as const

/** A page's path and its spelling with a trailing slash ('/' stays one path). */
const exact = (path: string) => [...new Set([path, `${path.replace(/\/$/, '')}/`])]

/**
 * The `_headers` rules that let the maps provider's hosts in (docs/decisions/033-maps-after-consent.md): the
 * contact page (its map), each shop's page (its map; exact paths, '/annecy/*' would be its
 * services) and, on a marketplace, the home page (the shop search's city autocomplete), only when
 * the company configured the provider. Written after the site rule, so they replace its policy
 * on those paths only.
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
    const shops = snapshot.shops
      .filter((shop) => isRoutableSlug(shop.slug))
      .flatMap((shop) => exact(localizePath(`/${shop.slug}`, locale)))
    const home = isMarketplace(snapshot.shops.length, booker.homepageType)
      ? exact(localizePath('/', locale))
      : []
    return [...contact, ...shops, ...home]
  })
  return [...new Set(patterns)].map((pattern) => ({ pattern, headers }))
}
