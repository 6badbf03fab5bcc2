import { COOKIE_LIFETIME_S } from '#contract/constants'
import {
  parseRecentShops,
  serializeRecentShops,
  visitRecentShop,
} from '#domain/search/recent-shops'
import { type CookieJar, documentCookieJar } from '#stores/cookie-jar'

/**
 * docs/product/9-constants.md recent-shops history in its cookie (ids separated by hyphens, the last visited first),
 * written when a visitor opens a shop: from a search card or by arriving on the shop's page.
 * Plain TypeScript: the shop page records its visit without React.
 */
export const RECENT_SHOPS_COOKIE = 'recent-shops'

export function recentShopIds(jar: CookieJar = documentCookieJar()): string[] {
  return parseRecentShops(jar.get(RECENT_SHOPS_COOKIE))
}

/** Moves the shop to the front of the history; answers the new history. */
export function recordShopVisit(id: string, jar: CookieJar = documentCookieJar()): string[] {
  const ids = visitRecentShop(recentShopIds(jar), id)
  jar.set(RECENT_SHOPS_COOKIE, serializeRecentShops(ids), { maxAge: COOKIE_LIFETIME_S.recentShops })
  return ids
}
