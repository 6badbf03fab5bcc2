import type { Post } from '#contract/index'
import type { Locale } from '#i18n/index'

/** Whether a post speaks `locale` (docs/product/3-entities.md: its lang list may contain 'all'). */
export function postSpeaks(post: Post, locale: Locale): boolean {
  return post.lang.includes('all') || post.lang.includes(locale)
}

/** The enabled locales a post is shown in. */
export function postLocales(post: Post, enabled: readonly Locale[]): Locale[] {
  return enabled.filter((locale) => postSpeaks(post, locale))
}

/** Featured now: vedette active and now inside its window (an open end is unbounded). */
export function isFeatured(post: Post, now: number): boolean {
  const { active, start, end } = post.vedette
  if (!active) return false
  if (start !== undefined && Date.parse(start) > now) return false
  if (end !== undefined && Date.parse(end) < now) return false
  return true
}

const publishedTime = (post: Post) => (post.publishedAt ? Date.parse(post.publishedAt) : 0)

/**
 * The magazine of a locale: published posts in that language, the featured ones first, then the
 * newest first (ties by id so the order never depends on the input's).
 */
export function magazinePosts(posts: readonly Post[], locale: Locale, now: number): Post[] {
  return posts
    .filter((post) => post.published && postSpeaks(post, locale))
    .sort(
      (a, b) =>
        Number(isFeatured(b, now)) - Number(isFeatured(a, now)) ||
        publishedTime(b) - publishedTime(a) ||
        a.id.localeCompare(b.id, 'en', { numeric: true }),
    )
}

/** Posts promoted on the home page (position home or all). */
export function homePosts(posts: readonly Post[]): Post[] {
  return posts.filter((post) => post.position === 'home' || post.position === 'all')
}

/** Posts shown on a shop page: position shop or all, linked to that shop or to none. */
export function shopPosts(posts: readonly Post[], shopId: string): Post[] {
  return posts.filter(
    (post) =>
      (post.position === 'shop' || post.position === 'all') &&
      (post.linkedShop === null || post.linkedShop === shopId),
  )
}
