import type { Locale } from '#i18n/index'
import { listedCategories, servicePages } from './catalog'
import { magazineOf } from './magazine'
import { postLocales } from './posts'
import { products, type Site } from './site-model'

/** A public page of a tenant, by its French path, and the locales it exists in. */
export interface PublicPage {
  path: string
  locales: readonly Locale[]
}

/** Paths of pages only a signed-in visitor or a checkout uses: noindex, and robots.txt skips them. */
export const PRIVATE_PREFIXES = ['/profile', '/panier', '/payments', '/auth'] as const

/** The pages of docs/product/2-screens.md worth indexing (sitemap.xml); private and utility pages are left out. */
export function publicPages(site: Site): PublicPage[] {
  const all = site.locales
  if (site.disabled === 'redirect') return [{ path: '/disabled', locales: all }]
  const page = (path: string, locales: readonly Locale[] = all): PublicPage => ({ path, locales })
  const pages: PublicPage[] = [page('/'), page('/services')]
  for (const category of listedCategories(site)) pages.push(page(`/services/${category.slug}`))
  for (const { category, service } of servicePages(site)) {
    pages.push(page(`/services/${category.slug}/${service.slug}`))
  }
  for (const shop of site.shops) {
    pages.push(page(`/${shop.slug}`))
    for (const category of listedCategories(site, shop)) {
      pages.push(page(`/${shop.slug}/services/${category.slug}`))
    }
    for (const { category, service } of servicePages(site, shop)) {
      pages.push(page(`/${shop.slug}/services/${category.slug}/${service.slug}`))
    }
  }
  if (site.shopOn) {
    pages.push(page('/boutique'))
    for (const product of products(site)) pages.push(page(`/boutique/article/${product.slug}`))
  }
  if (site.giftOn) pages.push(page('/gift'))
  const withPosts = all.filter((locale) => magazineOf(site, locale).length > 0)
  if (withPosts.length > 0) pages.push(page('/magazine', withPosts))
  for (const post of site.posts) {
    const locales = postLocales(post, all)
    if (locales.length > 0) pages.push(page(`/magazine/${post.slug}`, locales))
  }
  // a collection with a page of its own (decision 084), built in every language
  for (const { schema } of site.snapshot.collections) {
    if (schema.page) pages.push(page(`/collections/${schema.type}`))
  }
  pages.push(page('/contact'), page('/legal'), page('/presse'))
  return pages
}
