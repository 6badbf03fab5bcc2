import { tabTitle } from '#domain/index'
import { DEFAULT_LOCALE, LOCALE_INFO, localizePath } from '#i18n/index'
import { excerpt } from '../localized-text'
import type { PageContext } from '../page-context'
import { type JsonLd, jsonLdText } from './json-ld'

/** What a page says about itself; the layout turns it into head tags. */
export interface PageSeo {
  /** the page title inside the tab title pattern; none for the fallback title alone */
  title?: string | undefined
  /** a fixed tab title that skips the pattern (error pages: '404 Not Found') */
  tabTitle?: string | undefined
  description?: string | undefined
  image?: string | undefined
  type?: 'website' | 'article' | 'product' | undefined
  /** private, utility and error pages */
  noindex?: boolean | undefined
  /** the French path of the page this one duplicates (/bonscadeaux -> /gift) */
  canonicalPath?: string | undefined
  jsonLd?: readonly JsonLd[] | undefined
}

export interface HeadTags {
  title: string
  description: string
  canonical: string
  alternates: { hreflang: string; href: string }[]
  robots: string | undefined
  meta: { property?: string; name?: string; content: string }[]
  jsonLd: string[]
}

const OPTIONS = { trailingSlash: 'never' } as const

/**
 * Head tags of a page: tab title through seo.siteTabTitlePattern (domain tabTitle), canonical
 * url, hreflang alternates across the locales the page exists in with x-default on French (or
 * the first), Open Graph and Twitter cards, JSON-LD.
 */
export function headTags(ctx: PageContext, seo: PageSeo): HeadTags {
  const { site, locale } = ctx
  const company = site.company
  const absolute = (path: string) => `${site.origin}${path}`
  const path = seo.canonicalPath ?? ctx.path
  const canonical = absolute(localizePath(path, locale, OPTIONS))
  const title =
    seo.tabTitle ??
    tabTitle(company.booker.seo.siteTabTitlePattern, seo.title, ctx.t.t('seo.defaultTitle'))
  const description = excerpt(seo.description || company.identity.displayName)
  const locales = ctx.pageLocales
  const alternates =
    seo.noindex || locales.length < 2
      ? []
      : [
          ...locales.map((l) => ({
            hreflang: LOCALE_INFO[l].iso,
            href: absolute(localizePath(path, l, OPTIONS)),
          })),
          {
            hreflang: 'x-default',
            href: absolute(
              localizePath(
                path,
                locales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : (locales[0] ?? DEFAULT_LOCALE),
                OPTIONS,
              ),
            ),
          },
        ]
  const image = seo.image ?? company.identity.logo
  const imageUrl =
    image === undefined ? undefined : image.startsWith('http') ? image : absolute(site.asset(image))
  const og = (property: string, content: string | undefined) =>
    content ? [{ property, content }] : []
  // cards and previews are for shareable pages; private and error pages get none
  const meta = seo.noindex
    ? []
    : [
        ...og('og:type', seo.type === 'product' ? 'product' : (seo.type ?? 'website')),
        ...og('og:site_name', company.identity.displayName),
        ...og('og:title', seo.title ?? title),
        ...og('og:description', description),
        ...og('og:url', canonical),
        ...og('og:locale', LOCALE_INFO[locale].iso.replace('-', '_')),
        ...locales
          .filter((l) => l !== locale)
          .flatMap((l) => og('og:locale:alternate', LOCALE_INFO[l].iso.replace('-', '_'))),
        ...og('og:image', imageUrl),
        { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
        { name: 'twitter:title', content: seo.title ?? title },
        { name: 'twitter:description', content: description },
        ...(imageUrl ? [{ name: 'twitter:image', content: imageUrl }] : []),
      ]
  return {
    title,
    description,
    canonical,
    alternates,
    robots: seo.noindex ? 'noindex' : undefined,
    meta,
    jsonLd: (seo.jsonLd ?? []).map((node) => jsonLdText(node)),
  }
}
