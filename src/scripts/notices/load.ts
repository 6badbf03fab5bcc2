import { resolveConfig } from '#api/config'
import type { ApiContext } from '#api/context'
import { alertsOrNone, eventsOrNone } from '#api/wrappers/notices'
import { activeAlerts } from '#domain/content/active-alerts'
import { currentItems } from '#domain/content/current-items'
import type { Locale } from '#i18n/locales'
import {
  alertView,
  eventView,
  type NoticeAlert,
  type NoticeEvent,
  type NoticesFrame,
} from './frame'

export interface LoadedNotices {
  events: NoticeEvent[]
  alerts: NoticeAlert[]
  frame: NoticesFrame
}

/**
 * The events and alerts of this page (docs/product/4-states.md "Loading content", "Events and
 * alerts"), read from the API once when the page loads, so one created after the build shows
 * on the next page: current ones by the visitor's clock, alerts only for a service of the loaded
 * categories (the build's /notices.json lists them), by end ascending. A failed API call is only
 * logged (docs/product/8-errors.md) and counts as none; undefined when nothing is current, and
 * /notices.json is then never asked.
 */
export async function loadNotices(
  locale: Locale,
  companyToken: string,
  frameUrl: string,
): Promise<LoadedNotices | undefined> {
  const context: ApiContext = {
    config: resolveConfig(import.meta.env),
    side: 'browser',
    companyToken,
    curlang: locale,
  }
  const [allEvents, allAlerts] = await Promise.all([eventsOrNone(context), alertsOrNone(context)])
  const now = Date.now()
  const events = currentItems(allEvents, now)
  const alerts = currentItems(allAlerts, now)
  if (events.length === 0 && alerts.length === 0) return undefined
  const response = await fetch(frameUrl)
  if (!response.ok) throw new Error(`notices: ${frameUrl} answered ${response.status}`)
  const frame = (await response.json()) as NoticesFrame
  const loaded = [{ articles: Object.keys(frame.services).map((id) => ({ id })) }]
  const shown = {
    events: events.map((event) => eventView(event, locale, frame)),
    alerts: activeAlerts(alerts, loaded, now).map((alert) => alertView(alert, locale, frame)),
    frame,
  }
  return shown.events.length + shown.alerts.length > 0 ? shown : undefined
}
