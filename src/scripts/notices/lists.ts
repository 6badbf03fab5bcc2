import { baseFor, resolveConfig } from '#api/config'
import type { ApiContext } from '#api/context'
import { buildHeaders } from '#api/headers'
import { currentItems, type TimeBoxedLike } from '#domain/content/current-items'

/**
 * The two list calls of the contract (src/contract/calls/content.ts eventsList and alertsList;
 * lists.test.ts keeps them in step) without their schemas: every page asks them once it has
 * loaded, and the API client and zod's validators are downloaded only when something is current
 * (notices.ts validates with the contract then).
 */
export const NOTICE_LISTS = {
  events: { method: 'GET', path: '/api/events', group: 'first', auth: 'none' },
  alerts: { method: 'GET', path: '/api/alerts', group: 'first', auth: 'none' },
} as const

export interface CurrentLists {
  events: unknown[]
  alerts: unknown[]
}

/** docs/product/8-errors.md: a failed load is only logged, and counts as none. */
async function list(context: ApiContext, which: keyof typeof NOTICE_LISTS): Promise<unknown[]> {
  const call = NOTICE_LISTS[which]
  try {
    const response = await fetch(`${baseFor(context.config, call.group, 'browser')}${call.path}`, {
      headers: buildHeaders(context, call, false),
    })
    if (!response.ok) throw new Error(`status ${response.status}`)
    const body: unknown = await response.json()
    if (!Array.isArray(body)) throw new Error('not a list')
    return body
  } catch (error) {
    console.warn(`[api] ${which}.list failed`, error)
    return []
  }
}

const timeBoxed = (item: unknown): item is TimeBoxedLike =>
  typeof item === 'object' && item !== null

/** The company's events and alerts that are current at `now` (docs/product/4-states.md). */
export async function currentLists(
  companyToken: string,
  curlang: string,
  now: number,
): Promise<CurrentLists> {
  const context: ApiContext = {
    config: resolveConfig(import.meta.env),
    side: 'browser',
    companyToken,
    curlang,
  }
  const [events, alerts] = await Promise.all([list(context, 'events'), list(context, 'alerts')])
  return currentAt({ events, alerts }, now)
}

/** The items of `lists` current at `now`: read again when the page waited (start.ts). */
export function currentAt(lists: CurrentLists, now: number): CurrentLists {
  return {
    events: currentItems(lists.events.filter(timeBoxed), now),
    alerts: currentItems(lists.alerts.filter(timeBoxed), now),
  }
}
