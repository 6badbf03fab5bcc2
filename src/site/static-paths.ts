import { rootLocale } from '#domain/index'
import { DEFAULT_LOCALE, type Locale, localeParam } from '#i18n/index'
import { type Site, selectedSites } from './site-model'

/** What every page of the route tree receives: which tenant and which language. */
export interface PageRef {
  host: string
  locale: Locale
}

export interface StaticPath<P> {
  params: Record<string, string | undefined>
  props: P & PageRef
}

export interface PathEntry<P> {
  /** route parameters besides tenant and lang */
  params?: Record<string, string>
  props: P
}

/**
 * getStaticPaths for a route of src/pages/[tenant]/[...lang]/: one entry per selected tenant,
 * enabled locale and whatever `expand` returns (nothing: the route does not exist for that
 * tenant and locale). `lang` is undefined for French, the code otherwise (the build contract).
 */
export function localizedPaths<P extends object>(
  expand: (site: Site, locale: Locale) => readonly PathEntry<P>[],
): StaticPath<P>[] {
  return selectedSites().flatMap((site) =>
    site.locales.flatMap((locale) =>
      expand(site, locale).map((entry) => ({
        params: { tenant: site.host, lang: localeParam(locale), ...entry.params },
        props: { ...entry.props, host: site.host, locale },
      })),
    ),
  )
}

/** A route with one page per tenant and locale, when `when` holds for the tenant. */
export function everyLocale(when: (site: Site) => boolean = () => true): StaticPath<object>[] {
  return localizedPaths((site) => (when(site) ? [{ props: {} }] : []))
}

/** One route per value of a parameter (payments/[outcome], auth/customer/[mode]). */
export function everyLocaleFor(name: string, values: readonly string[]): StaticPath<object>[] {
  return localizedPaths(() => values.map((value) => ({ params: { [name]: value }, props: {} })))
}

/**
 * everyLocale, plus the unprefixed page of a company that does not enable French: it serves the
 * company's first language there (docs/product/4-states.md languages; its links and canonical
 * address stay under that language's prefix). For home and the 404 page, so '/' and unknown
 * unprefixed addresses are answered in the site's language.
 */
export function everyLocaleAndRoot(): StaticPath<object>[] {
  const roots = selectedSites().flatMap((site) => {
    const locale = rootLocale(site.locales, DEFAULT_LOCALE)
    if (locale === DEFAULT_LOCALE) return []
    return [{ params: { tenant: site.host, lang: undefined }, props: { host: site.host, locale } }]
  })
  return [...everyLocale(), ...roots]
}
