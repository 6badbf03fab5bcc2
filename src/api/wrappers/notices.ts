import type { CallOutput } from '#contract/call'
import { contentCalls } from '#contract/calls/content'
import type { ContextSource } from '../context'
import { callApi } from '../request'
import { orFallback } from '../swallow'
import type { CallOptions } from '../types'

// Apart from swallowed.ts: every page loads these after it has loaded (decision 034), without
// the schemas of the other swallowed calls.
/**
 * docs/product/4-states.md "Loading content", docs/product/8-errors.md: the company's events, read
 * once per page; a failed load is only logged and the page shows none.
 */
export function eventsOrNone(
  source: ContextSource,
  options?: CallOptions,
): Promise<CallOutput<typeof contentCalls.eventsList>> {
  return orFallback(
    source,
    'events.list',
    () => callApi(source, contentCalls.eventsList, {}, options),
    [],
  )
}

/** The company's alerts, as eventsOrNone. */
export function alertsOrNone(
  source: ContextSource,
  options?: CallOptions,
): Promise<CallOutput<typeof contentCalls.alertsList>> {
  return orFallback(
    source,
    'alerts.list',
    () => callApi(source, contentCalls.alertsList, {}, options),
    [],
  )
}
