import { RECENT_SHOPS_SHOWN, RECENT_SHOPS_STORED } from '#contract/constants'
import type { EntityId } from '../ids'

/**
 * Recent-shops history (docs/product/9-constants.md): a cookie of shop ids separated by hyphens, the first being the
 * last visited. Any id can be stored, UUIDs included: each id is percent-encoded with its own
 * hyphens escaped as %2D, so a hyphen in the cookie only ever separates two ids. Numeric and
 * plain ids read as they always did ('12-3-45'). The cookie is user-controlled text: parsing keeps
 * only parts in exactly the form this module writes, each id once, in order.
 */

/**
 * An encoded id longer than this is not stored: ten of them, escaped once more by the cookie
 * jar, stay well under the 4 KB browsers allow a cookie (a UUID takes 44).
 */
export const MAX_ENCODED_ID_LENGTH = 200

/** The id as it is written in the cookie, or null when it cannot be stored. */
function encodeId(id: EntityId): string | null {
  const text = String(id)
  if (text === '') return null
  let encoded: string
  try {
    encoded = encodeURIComponent(text)
  } catch {
    return null // a lone UTF-16 surrogate has no UTF-8 form
  }
  encoded = encoded.replaceAll('-', '%2D')
  return encoded.length <= MAX_ENCODED_ID_LENGTH ? encoded : null
}

/** The id a cookie part stands for, or null when the part is not in the written form. */
function decodeId(part: string): string | null {
  let id: string
  try {
    id = decodeURIComponent(part)
  } catch {
    return null
  }
  return encodeId(id) === part ? id : null
}

export function parseRecentShops(cookie: string | null | undefined): string[] {
  const ids: string[] = []
  for (const part of (cookie ?? '').split('-')) {
    const id = decodeId(part.trim())
    if (id !== null && !ids.includes(id)) ids.push(id)
  }
  return ids.slice(0, RECENT_SHOPS_STORED)
}

export function serializeRecentShops(ids: readonly EntityId[]): string {
  return ids
    .flatMap((id) => encodeId(id) ?? [])
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
  if (encodeId(visited) === null) return rest.slice(0, RECENT_SHOPS_STORED)
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
