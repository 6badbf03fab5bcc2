import { rootLocale } from '#domain/index'
import { DEFAULT_LOCALE, type Locale, localeParam } from '#i18n/index'
import { type Site, selectedSites } from './site-model'
import { PAGES_ENV } from './snapshot-env'

/** What every page of the route tree receives: which tenant and which language. */
export interface PageRef {
  host: string
  locale: Locale
}

export interface StaticPath<P> {
  params: Record<string, string | undefined>
  props: P & PageRef
}

/** What Astro passes to getStaticPaths: the route, e.g. `/[tenant]/[...lang]/magazine/[post]`. */
export interface StaticRoute {
  readonly routePattern: string
}

/**
 * The path a page is served at (its tenant's host aside): the route's pattern with its params,
 * an optional `[...rest]` left out when undefined.
 */
export function pagePath(
  routePattern: string,
  params: Readonly<Record<string, string | undefined>>,
): string {
  const segments = routePattern.split('/').flatMap((segment) => {
    const param = /^\[(?:\.\.\.)?([^\]]+)\]$/.exec(segment)?.[1]
    if (param === undefined) return segment === '' ? [] : [segment]
    if (param === 'tenant' || param === 'maintenance') return []
    const value = params[param]
    return value === undefined || value === '' ? [] : [value]
  })
  return `/${segments.join('/')}`
}

/** The pages this build renders (PAGES_ENV); undefined: all of them. */
function selectedPages(): ReadonlySet<string> | undefined {
  const listed = process.env[PAGES_ENV]
  return listed === undefined ? undefined : new Set(listed.split(',').filter(Boolean))
}

/** Keeps the paths of a route that this build renders. */
export function onlySelected<T extends { params: Record<string, string | undefined> }>(
  route: StaticRoute,
  paths: T[],
): T[] {
  const pages = selectedPages()
  if (pages === undefined) return paths
  return paths.filter(({ params }) => pages.has(pagePath(route.routePattern, params)))
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
  route: StaticRoute,
  expand: (site: Site, locale: Locale) => readonly PathEntry<P>[],
): StaticPath<P>[] {
  const paths = selectedSites().flatMap((site) =>
    site.locales.flatMap((locale) =>
      expand(site, locale).map((entry) => ({
        params: { tenant: site.host, lang: localeParam(locale), ...entry.params },
        props: { ...entry.props, host: site.host, locale },
      })),
    ),
  )
  return onlySelected(route, paths)
}

/** A route with one page per tenant (sitemap.xml, robots.txt). */
export function everyTenant(route: StaticRoute) {
  const paths = selectedSites().map((site) => ({
    params: { tenant: site.host },
    props: { host: site.host },
  }))
  return onlySelected(route, paths)
}

/** A route with one page per tenant and locale, when `when` holds for the tenant. */
export function everyLocale(
  route: StaticRoute,
  when: (site: Site) => boolean = () => true,
): StaticPath<object>[] {
  return localizedPaths(route, (site) => (when(site) ? [{ props: {} }] : []))
}

/** One route per value of a parameter (payments/[outcome], auth/customer/[mode]). */
export function everyLocaleFor(
  route: StaticRoute,
  name: string,
  values: readonly string[],
): StaticPath<object>[] {
  return localizedPaths(route, () =>
    values.map((value) => ({ params: { [name]: value }, props: {} })),
  )
}

/**
 * everyLocale, plus the unprefixed page of a company that does not enable French: it serves the
 * company's first language there (docs/product/4-states.md languages; its links and canonical
 * address stay under that language's prefix). For home and the 404 page, so '/' and unknown
 * unprefixed addresses are answered in the site's language.
 */
export function everyLocaleAndRoot(route: StaticRoute): StaticPath<object>[] {
  const roots = selectedSites().flatMap((site) => {
    const locale = rootLocale(site.locales, DEFAULT_LOCALE)
    if (locale === DEFAULT_LOCALE) return []
    return [{ params: { tenant: site.host, lang: undefined }, props: { host: site.host, locale } }]
  })
  return [...everyLocale(route), ...onlySelected(route, roots)]
}

/** Pages of no tenant (the maintenance page): a build of selected pages renders none. */
export function wholeBuild(): boolean {
  return selectedPages() === undefined
}
