import { formatMoney } from '#domain/index'
import {
  type AppTranslator,
  createTranslator,
  LOCALE_INFO,
  type Locale,
  localizePath,
} from '#i18n/index'
import { jobScoped } from './job-scope'
import { buildNavigation, type Navigation } from './navigation'
import { type Site, siteOf } from './site-model'
import type { PageRef } from './static-paths'

/** What every component of a page reads: the tenant, the language and this page's place. */
export interface PageContext {
  site: Site
  locale: Locale
  /** BCP 47 tag for <html lang> and Intl */
  iso: string
  t: AppTranslator
  /** the page's path without locale prefix ('/services/soins-visage') */
  path: string
  /** the locales this page exists in (a post: the languages it is written in) */
  pageLocales: readonly Locale[]
  nav: Navigation
  /** a path of the site in this page's locale */
  link(path: string): string
  money(minorUnits: number): string
}

// a tenant's menus change with a publish: per build job (job-scope.ts)
const navigations = jobScoped<string, Navigation>()
const links = new Map<string, string>()

const amounts = new WeakMap<Site, Map<string, string>>()

/** formatMoney, remembered per site: price lists repeat the same amounts on many pages. */
function moneyIn(site: Site, iso: string, minor: number): string {
  let table = amounts.get(site)
  if (!table) {
    table = new Map()
    amounts.set(site, table)
  }
  const key = `${iso}|${minor}`
  let text = table.get(key)
  if (text === undefined) {
    text = formatMoney(minor, iso, site.company.booker)
    table.set(key, text)
  }
  return text
}

/** localizePath, remembered: a page asks for the same few dozen links as its neighbours. */
function linkIn(locale: Locale, path: string): string {
  const key = `${locale}${path}`
  let href = links.get(key)
  if (href === undefined) {
    href = localizePath(path, locale)
    links.set(key, href)
  }
  return href
}
const translators = new Map<Locale, AppTranslator>()

function translator(locale: Locale): AppTranslator {
  let t = translators.get(locale)
  if (!t) {
    t = createTranslator(locale)
    translators.set(locale, t)
  }
  return t
}

/** The context of a page of the route tree (props from src/site/static-paths.ts). */
export function pageContext(
  ref: PageRef,
  path: string,
  pageLocales?: readonly Locale[],
): PageContext {
  return contextFor(siteOf(ref.host), ref.locale, path, pageLocales)
}

export function contextFor(
  site: Site,
  locale: Locale,
  path: string,
  pageLocales?: readonly Locale[],
): PageContext {
  const t = translator(locale)
  const key = `${site.host}|${locale}`
  let nav = navigations.get(key)
  if (!nav) {
    nav = buildNavigation(site, locale, t)
    navigations.set(key, nav)
  }
  const iso = LOCALE_INFO[locale].iso
  return {
    site,
    locale,
    iso,
    t,
    path,
    pageLocales: pageLocales ?? site.locales,
    nav,
    link: (target) => linkIn(locale, target),
    money: (minor) => moneyIn(site, iso, minor),
  }
}

/** The language picker's entries: the same page in each enabled locale, else that locale's home. */
export function languageLinks(ctx: PageContext): { locale: Locale; name: string; href: string }[] {
  return ctx.site.locales.map((locale) => ({
    locale,
    name: LOCALE_INFO[locale].name,
    href: localizePath(ctx.pageLocales.includes(locale) ? ctx.path : '/', locale),
  }))
}
