import type { APIRoute } from 'astro'
import { createTranslator, LOCALE_INFO, localizePath } from '#i18n/index'
import { pick } from '#site/localized-text'
import { magazineOf } from '#site/magazine'
import { rssXml } from '#site/seo/rss'
import { siteOf } from '#site/site-model'
import { everyLocale, type PageRef, type StaticRoute } from '#site/static-paths'

/** The magazine's RSS feed per locale: /rss.xml, /en/rss.xml... */
export const getStaticPaths = (route: StaticRoute) => everyLocale(route)

export const GET: APIRoute = ({ props }) => {
  const { host, locale } = props as PageRef
  const site = siteOf(host)
  const t = createTranslator(locale)
  const company = site.company.identity.displayName
  const url = (path: string) => `${site.origin}${localizePath(path, locale)}`
  const posts = site.disabled === 'redirect' ? [] : magazineOf(site, locale)
  const body = rssXml({
    title: `${company} – ${pick(site.company.menuLabels.magazine, locale) || t.t('magazine.title')}`,
    link: url('/magazine'),
    description: t.t('magazine.rssDescription', { company }),
    language: LOCALE_INFO[locale].iso,
    self: url('/rss.xml'),
    items: posts.map((post) => ({
      title: pick(post.title, locale),
      link: url(`/magazine/${post.slug}`),
      guid: url(`/magazine/${post.slug}`),
      description: pick(post.summary, locale),
      published: post.publishedAt,
    })),
  })
  return new Response(body, { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } })
}
