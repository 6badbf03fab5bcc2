import { RECENT_SHOPS_SHOWN, RECENT_SHOPS_STORED } from '#contract/constants'
import type { EntityId } from '../ids'

/**
 * Recent-shops history (docs/product/9-constants.md): a cookie of shop ids separated by hyphens, the first being the
 * last visited. Ids are kept as strings (the contract's ids). The cookie is user-controlled text
 * and hyphens separate the ids, so only ids made of letters, digits and '_' are stored; parsing
 * keeps each once, in order.
 */
const STORABLE_ID = /^[A-Za-z0-9_]{1,128}$/

export function parseRecentShops(cookie: string | null | undefined): string[] {
  const ids: string[] = []
  for (const part of (cookie ?? '').split('-')) {
    const id = part.trim()
    if (STORABLE_ID.test(id) && !ids.includes(id)) ids.push(id)
  }
  return ids.slice(0, RECENT_SHOPS_STORED)
}

export function serializeRecentShops(ids: readonly EntityId[]): string {
  return ids
    .map(String)
    .filter((id) => STORABLE_ID.test(id))
    .slice(0, RECENT_SHOPS_STORED)
    .join('-')
}

/**
 * Visiting a shop moves it to the front; the history keeps at most RECENT_SHOPS_STORED ids.
 * An id that cannot be stored leaves the history as it is.
 */
export function visitRecentShop(ids: readonly EntityId[], id: EntityId): string[] {
  const visited = String(id)
  const rest = ids.map(String).filter((other) => other !== visited)
  if (!STORABLE_ID.test(visited)) return rest.slice(0, RECENT_SHOPS_STORED)
  return [visited, ...rest].slice(0, RECENT_SHOPS_STORED)
}

export interface RecentShops<T> {
  /** Labelled 'last visit'. */
  last: T | null
  /** Up to three more, most recent first. */
  others: T[]
}

/**
 * The list shown: the last visited shop plus up to three more. Ids of shops that are not loaded
 * (deleted, or not in this marketplace) are skipped, so the list stays full when it can.
 */
export function shownRecentShops<T extends { id: EntityId }>(
  ids: readonly EntityId[],
  shops: readonly T[],
): RecentShops<T> {
  const byId = new Map(shops.map((shop) => [String(shop.id), shop]))
  const found = ids.flatMap((id) => byId.get(String(id)) ?? []).slice(0, RECENT_SHOPS_SHOWN)
  return { last: found[0] ?? null, others: found.slice(1) }
}
