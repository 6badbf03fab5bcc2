/**
 * Whether a page of the site shows a publish yet (docs/decisions/082-post-preview.md): the
 * studio probes the page's address before saving and then again until it changed. A page that
 * did not answer 200 before is live when it does; one that did is live when the sites server
 * gives it a new validator (its ETag follows the file's size and time, so a rebuilt page has a
 * new one). A post taken off is gone when its page no longer answers 200.
 */
export interface PageProbe {
  readonly status: number
  readonly etag: string | null
}

export function pageShowsPublish(before: PageProbe, now: PageProbe): boolean {
  if (now.status !== 200) return false
  if (before.status !== 200) return true
  return now.etag !== null && now.etag !== before.etag
}

export const pageGone = (now: PageProbe): boolean => now.status === 404 || now.status === 410
