import { LANGUAGE_CODES } from '#contract/constants'
import type { Post } from '#contract/post'
import type { PublishEvent } from '#contract/publish-event'
import type { SiteSnapshot } from '#contract/site-snapshot'
import { postSpeaks } from '#site/posts'

type Code = (typeof LANGUAGE_CODES)[number]

/** Whether the magazine of a language has a post: its menu entry and feed link are on every page. */
const hasMagazine = (snapshot: SiteSnapshot, code: Code) =>
  snapshot.posts.some((post) => post.published && postSpeaks(post, code))

/** The shop pages that list a post (position shop or all; linked to none: every shop's). */
function shopSlugs(snapshot: SiteSnapshot, post: Post): string[] {
  if (post.position === 'home') return []
  return snapshot.shops
    .filter((shop) => post.linkedShop === null || post.linkedShop === shop.id)
    .map((shop) => shop.slug)
}

/**
 * The pages a post's publish changes (docs/decisions/070-publish-event-in-the-contract.md), as
 * served paths: in each language concerned (the event's, and those the post speaks before and
 * after), its page under its old and new slug, the magazine, the home, the press page, the feed,
 * the shop pages that list it; and the sitemap. Undefined: the whole site, for every other kind,
 * for a post neither snapshot knows, and when a language's magazine appears or disappears (every
 * page's menu changes).
 */
export function postPages(
  event: PublishEvent,
  before: SiteSnapshot | undefined,
  after: SiteSnapshot,
): string[] | undefined {
  if (event.kind !== 'posts' || before === undefined) return undefined
  const versions = [before, after].flatMap((snapshot) =>
    snapshot.posts.filter((post) => post.id === event.id).map((post) => ({ snapshot, post })),
  )
  if (versions.length === 0) return undefined
  if (LANGUAGE_CODES.some((code) => hasMagazine(before, code) !== hasMagazine(after, code))) {
    return undefined
  }
  const languages = LANGUAGE_CODES.filter(
    (code) =>
      event.languages === 'all' ||
      event.languages.includes(code) ||
      versions.some(({ post }) => postSpeaks(post, code)),
  )
  const pages = new Set(['/sitemap.xml'])
  for (const code of languages) {
    const prefix = code === 'fr' ? '' : `/${code}`
    for (const page of ['/', '/magazine', '/presse', '/rss.xml']) {
      pages.add(page === '/' ? prefix || '/' : `${prefix}${page}`)
    }
    for (const { snapshot, post } of versions) {
      pages.add(`${prefix}/magazine/${post.slug}`)
      for (const shop of shopSlugs(snapshot, post)) pages.add(`${prefix}/${shop}`)
    }
  }
  return [...pages]
}

/**
 * The pages all the events of one rebuild change; undefined (the whole site) as soon as one of
 * them needs it, or when no event is known (a rebuild after a restart).
 */
export function dependentPages(
  events: readonly PublishEvent[] | undefined,
  before: SiteSnapshot | undefined,
  after: SiteSnapshot,
): string[] | undefined {
  if (events === undefined || events.length === 0) return undefined
  const pages = new Set<string>()
  for (const event of events) {
    const some = postPages(event, before, after)
    if (some === undefined) return undefined
    for (const page of some) pages.add(page)
  }
  return [...pages].sort()
}

/** The file a served path is written to (build.format 'preserve': folders hold index.html). */
export function pageFile(path: string): string {
  const relative = path.replace(/^\/+/, '')
  if (/\.(xml|json|txt)$/.test(relative)) return relative
  return relative === '' ? 'index.html' : `${relative}/index.html`
}
