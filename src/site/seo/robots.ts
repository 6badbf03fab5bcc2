import { type Locale, localizePath } from '#i18n/index'
import { PRIVATE_PREFIXES } from '../routes'

/**
 * robots.txt (docs/product/9-constants.md#robots). By default public pages are allowed and the
 * private ones (profile, cart, payments, auth) disallowed under every locale prefix.
 * booker.seo.robotsRootOnly restores the original product's rule (docs/product/9-constants.md):
 * only the root page may be crawled.
 */
export function robotsTxt(origin: string, locales: readonly Locale[], rootOnly: boolean): string {
  const sitemap = `Sitemap: ${origin}/sitemap.xml`
  if (rootOnly) {
    return ['User-agent: *', 'Allow: /$', 'Disallow: /', '', sitemap, ''].join('\n')
  }
  const disallow = locales.flatMap((locale) =>
    PRIVATE_PREFIXES.map((prefix) => `Disallow: ${localizePath(prefix, locale)}`),
  )
  return ['User-agent: *', 'Allow: /', ...disallow, '', sitemap, ''].join('\n')
}
