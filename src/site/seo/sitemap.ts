import { DEFAULT_LOCALE, LOCALE_INFO, localizePath } from '#i18n/index'
import type { PublicPage } from '../routes'
import { xmlEscape } from './xml'

const OPTIONS = { trailingSlash: 'never' } as const

/**
 * sitemap.xml of one tenant: every public page in every locale it exists in, each <url> listing
 * its language alternates (xhtml:link, x-default on French). No lastmod: output must not change
 * when the data does not (rebuilds of unchanged data rewrite no file).
 */
export function sitemapXml(origin: string, pages: readonly PublicPage[]): string {
  const urls = pages.flatMap((page) => {
    const href = (locale: (typeof page.locales)[number]) =>
      xmlEscape(`${origin}${localizePath(page.path, locale, OPTIONS)}`)
    const fallback = page.locales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : page.locales[0]
    const alternates =
      page.locales.length < 2 || fallback === undefined
        ? ''
        : [
            ...page.locales.map(
              (l) =>
                `<xhtml:link rel="alternate" hreflang="${LOCALE_INFO[l].iso}" href="${href(l)}"/>`,
            ),
            `<xhtml:link rel="alternate" hreflang="x-default" href="${href(fallback)}"/>`,
          ].join('')
    return page.locales.map((locale) => `<url><loc>${href(locale)}</loc>${alternates}</url>`)
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
