import { DEFAULT_LOCALE, isLocale, LOCALE_INFO, LOCALES, type Locale } from './locales'

/**
 * `preserve` keeps the input's trailing slash (the root '/' of French counts as none, so
 * '/' -> '/en'); `never` and `always` force one style, e.g. for canonical and hreflang links.
 */
export type TrailingSlash = 'preserve' | 'never' | 'always'

export interface PathOptions {
  readonly trailingSlash?: TrailingSlash
}

// Links with a scheme (https:, mailto:, tel:) or protocol-relative ones are not ours to localize.
const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i

interface SplitPath {
  /** Starts with '/', no duplicate slashes, trailing slash removed (root is '/'). */
  readonly pathname: string
  readonly trailing: boolean
  /** Query string and hash, untouched. */
  readonly suffix: string
}

function splitPath(input: string): SplitPath {
  const cut = input.search(/[?#]/)
  const raw = cut === -1 ? input : input.slice(0, cut)
  const suffix = cut === -1 ? '' : input.slice(cut)
  const collapsed = `/${raw}`.replace(/\/{2,}/g, '/')
  const trailing = collapsed.length > 1 && collapsed.endsWith('/')
  const pathname = trailing ? collapsed.slice(0, -1) : collapsed
  return { pathname, trailing, suffix }
}

/** Removes a leading locale segment; '/fr/…' is accepted too although French is never prefixed. */
function splitLocale(pathname: string): { locale: Locale; rest: string } {
  const segment = pathname.split('/')[1]
  if (!isLocale(segment)) return { locale: DEFAULT_LOCALE, rest: pathname }
  return { locale: segment, rest: pathname.slice(segment.length + 1) || '/' }
}

function join(
  locale: Locale,
  rest: string,
  trailing: boolean,
  suffix: string,
  options?: PathOptions,
): string {
  const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`
  const body = `${prefix}${rest === '/' ? '' : rest}` || '/'
  const mode = options?.trailingSlash ?? 'preserve'
  const slash = body !== '/' && (mode === 'always' || (mode === 'preserve' && trailing))
  return `${body}${slash ? '/' : ''}${suffix}`
}

/**
 * The path of `path` in `locale` (docs/product/2-screens.md: French unprefixed, others under /en, /de…):
 * '/services' -> '/en/services', '/' -> '/en', '/services?tab=1#x' -> '/en/services?tab=1#x'.
 * A path that already carries a locale is re-targeted, so calling it twice is harmless.
 */
export function localizePath(path: string, locale: Locale, options?: PathOptions): string {
  if (EXTERNAL.test(path)) return path
  const { pathname, trailing, suffix } = splitPath(path)
  return join(locale, splitLocale(pathname).rest, trailing, suffix, options)
}

/** The locale of a path and the path without it: '/en/services/' -> { 'en', '/services/' }. */
export function stripLocale(pathname: string): { locale: Locale; path: string } {
  const { pathname: clean, trailing, suffix } = splitPath(pathname)
  const { locale, rest } = splitLocale(clean)
  return { locale, path: join(DEFAULT_LOCALE, rest, trailing, suffix) }
}

/** The same page in another language, for the language picker (docs/product/4-states.md "Language change"). */
export function switchLocalePath(
  pathname: string,
  targetLocale: Locale,
  options?: PathOptions,
): string {
  return localizePath(pathname, targetLocale, options)
}

/**
 * The `[...lang]` route parameter of a locale: undefined for French (no prefix), the code
 * otherwise, as Astro's getStaticPaths expects for an optional rest segment.
 */
export function localeParam(locale: Locale): string | undefined {
  return locale === DEFAULT_LOCALE ? undefined : locale
}

/** The locale of a `[...lang]` parameter; undefined when it names no prefixed locale (e.g. 'fr'). */
export function localeFromParam(param: string | undefined): Locale | undefined {
  if (param === undefined || param === '') return DEFAULT_LOCALE
  return isLocale(param) && param !== DEFAULT_LOCALE ? param : undefined
}

/**
 * The company's languages (booker.langs, docs/product/3-entities.md) in picker order, French first, enabled ones
 * only. A company with none enabled still gets French: a site cannot have no language.
 */
export function enabledLocales(
  langs: Readonly<Partial<Record<string, boolean>>> | null | undefined,
): readonly Locale[] {
  const enabled = LOCALES.filter((locale) => langs?.[locale] === true)
  return enabled.length > 0 ? enabled : [DEFAULT_LOCALE]
}

/** Accept-Language tags by decreasing preference, q=0 ("not this one") dropped. */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attributes] = part.trim().split(';')
      const q = attributes.map((a) => a.trim()).find((a) => a.startsWith('q='))
      const quality = q === undefined ? 1 : Number(q.slice(2))
      return { tag: tag.trim().toLowerCase(), quality: Number.isNaN(quality) ? 0 : quality, index }
    })
    .filter((entry) => entry.tag !== '' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag)
}

export interface LocaleHints {
  /** Value of the locale cookie (LOCALE_COOKIE). */
  readonly cookie?: string | undefined
  /** The Accept-Language request header or navigator.languages joined with commas. */
  readonly acceptLanguage?: string | undefined
  /** The company's languages; all five when not given. */
  readonly enabled?: readonly Locale[] | undefined
}

/**
 * The language to show: the only enabled one (docs/product/4-states.md), else the stored choice, else the
 * browser's best enabled match by primary subtag ('de-CH' -> de), else French or the first enabled.
 */
export function resolveLocale(hints: LocaleHints): Locale {
  const enabled = hints.enabled !== undefined && hints.enabled.length > 0 ? hints.enabled : LOCALES
  const allowed = (value: string | undefined): value is Locale =>
    isLocale(value) && enabled.includes(value)
  const [first = DEFAULT_LOCALE] = enabled
  if (enabled.length === 1) return first
  if (allowed(hints.cookie)) return hints.cookie
  for (const tag of parseAcceptLanguage(hints.acceptLanguage ?? '')) {
    const primary = tag.split('-')[0]
    if (allowed(primary)) return primary
  }
  return enabled.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : first
}

export interface AlternateLink {
  readonly hreflang: string
  readonly href: string
}

/**
 * `<link rel="alternate">` entries of a page for each enabled locale plus x-default (the French
 * page, or the first enabled one), paths without trailing slash so every tenant emits one form.
 */
export function alternateLinks(pathname: string, enabled: readonly Locale[]): AlternateLink[] {
  const options: PathOptions = { trailingSlash: 'never' }
  const links = enabled.map((locale) => ({
    hreflang: LOCALE_INFO[locale].iso,
    href: localizePath(pathname, locale, options),
  }))
  const fallback = enabled.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : enabled[0]
  if (fallback !== undefined) {
    links.push({ hreflang: 'x-default', href: localizePath(pathname, fallback, options) })
  }
  return links
}
