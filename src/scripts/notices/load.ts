import * as z from 'zod/mini'
import { contentCalls } from '#contract/calls/content'
import { activeAlerts } from '#domain/content/active-alerts'
import type { Locale } from '#i18n/locales'
import {
  alertView,
  eventView,
  type NoticeAlert,
  type NoticeEvent,
  type NoticesFrame,
} from './frame'
import type { CurrentLists } from './lists'
import { loadedCategories } from './loaded-services'

export interface LoadedNotices {
  events: NoticeEvent[]
  alerts: NoticeAlert[]
  frame: NoticesFrame
}

/** The contract's shape of a list call's answer, or none (logged) when it does not hold. */
function checked<T>(schema: z.ZodMiniType<T[]>, value: unknown, call: string): T[] {
  const result = z.safeParse(schema, value)
  if (result.success) return result.data
  console.warn(`[api] ${call} answered outside the contract`, result.error)
  return []
}

/**
 * The events and alerts of this page as the dialogs show them (docs/product/4-states.md
 * "Loading content", "Events and alerts"), read from the API once when the page loaded
 * (lists.ts), so one created after the build shows on the next page: checked against the
 * contract, alerts only for a service of the loaded categories (the build's /notices.json,
 * `frame`, lists them), current by the visitor's clock, by end ascending. Undefined when nothing
 * is left to show.
 */
export function checkNotices(
  locale: Locale,
  lists: CurrentLists,
  now: number,
  frame: NoticesFrame,
): LoadedNotices | undefined {
  const events = checked(contentCalls.eventsList.response, lists.events, 'events.list')
  const alerts = checked(contentCalls.alertsList.response, lists.alerts, 'alerts.list')
  const loaded = loadedCategories(frame)
  const shown = {
    events: events.map((event) => eventView(event, locale, frame)),
    alerts: activeAlerts(alerts, loaded, now).map((alert) => alertView(alert, locale, frame)),
    frame,
  }
  return shown.events.length + shown.alerts.length > 0 ? shown : undefined
}
