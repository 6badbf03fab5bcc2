/**
 * When a magazine post is on the site (docs/decisions/082-post-preview.md): a published post
 * whose `publishedAt` is still to come is scheduled, and the pages leave it out until then; the
 * rebuild planner rebuilds the site at that instant (server/services/rebuilds). No date, or an
 * unreadable one, is live at once, as every post was before scheduling existed.
 */
export interface Schedulable {
  readonly published: boolean
  readonly publishedAt?: string | null | undefined
}

export type PostState = 'draft' | 'scheduled' | 'live'

export function postState(post: Schedulable, now: number): PostState {
  if (!post.published) return 'draft'
  const at = post.publishedAt ? Date.parse(post.publishedAt) : Number.NaN
  return at > now ? 'scheduled' : 'live'
}

export const isLiveAt = (post: Schedulable, now: number): boolean => postState(post, now) === 'live'

/** A featured window as the studio shows it, from the same inclusive bounds the site reads. */
export type WindowState = 'off' | 'invalid' | 'upcoming' | 'current' | 'ended'

export interface FeaturedWindow {
  readonly active: boolean
  readonly start?: string | null | undefined
  readonly end?: string | null | undefined
}

const instant = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN)

export function featuredState(window: FeaturedWindow, now: number): WindowState {
  if (!window.active) return 'off'
  const start = instant(window.start)
  const end = instant(window.end)
  // a window ending before it starts is never featured (server/services/rebuilds/rules.ts)
  if (start > end) return 'invalid'
  if (start > now) return 'upcoming'
  if (end < now) return 'ended'
  return 'current'
}
