import type { Post } from '#contract/index'
import type { Locale } from '#i18n/index'
import { magazinePosts } from './posts'
import type { Site } from './site-model'

const cache = new WeakMap<Site, Map<Locale, Post[]>>()

/** The magazine of a site in a locale (posts.ts magazinePosts at the build's now), computed once. */
export function magazineOf(site: Site, locale: Locale): readonly Post[] {
  let byLocale = cache.get(site)
  if (!byLocale) {
    byLocale = new Map()
    cache.set(site, byLocale)
  }
  let posts = byLocale.get(locale)
  if (!posts) {
    posts = magazinePosts(site.posts, locale, site.now)
    byLocale.set(locale, posts)
  }
  return posts
}
