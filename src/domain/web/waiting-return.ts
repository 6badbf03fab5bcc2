import { safeRedirect } from '../account/safe-redirect'

/** /waiting, with or without a locale prefix and a trailing slash. */
const WAITING_PATH = /^\/(?:[a-z]{2}\/)?waiting\/?$/

/**
 * Where /waiting sends the visitor back once the site answers again (docs/product/4-states.md
 * overloaded): the page they were on (`?from=`), when it is a path of this site (safeRedirect:
 * no other site, no sign-in page) and not /waiting itself; home otherwise.
 */
export function waitingReturn(from: string | null | undefined, home: string): string {
  const target = safeRedirect(from, home)
  const path = target.split(/[?#]/)[0] ?? ''
  return WAITING_PATH.test(path) ? home : target
}
