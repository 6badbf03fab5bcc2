import { alertsForLoadedServices } from '#domain/index'
import type { Locale } from '#i18n/index'
import { pick } from './localized-text'
import { sanitizeTenantHtml } from './sanitize'
import type { Site } from './site-model'

/**
 * Events and alerts of one locale, sanitised at build time, for the bell and the events and
 * alerts dialogs (islands) which fetch /notices.json (/en/notices.json...). Items that
 * have already ended when the site is built are left out; the islands apply "current" (docs/product/4-states.md:
 * now strictly between start and end) with the visitor's clock, so a static page stays right
 * until the next rebuild.
 */
export interface Notices {
  events: {
    id: string
    title: string
    body: string
    start: string
    end: string
    showDates: boolean
    images: string[]
    link: { url: string; label: string } | undefined
  }[]
  alerts: { id: string; serviceId: string; body: string; start: string; end: string }[]
}

const notEnded = (end: string, now: number) => Date.parse(end) > now

export function buildNotices(site: Site, locale: Locale): Notices {
  const { snapshot, now } = site
  // docs/product/4-states.md: only alerts about a service of the loaded categories can be booked from.
  const matched = alertsForLoadedServices(snapshot.alerts, site.categories)
  return {
    events: snapshot.events
      .filter((event) => notEnded(event.end, now))
      .map((event) => ({
        id: event.id,
        title: pick(event.title, locale),
        body: sanitizeTenantHtml(pick(event.body, locale)),
        start: event.start,
        end: event.end,
        showDates: event.showDates,
        images: event.img.map((img) => site.asset(img.url)),
        link: event.link
          ? { url: event.link.url, label: pick(event.link.title, locale) }
          : undefined,
      })),
    alerts: site.company.booker.alertMessages
      ? matched
          .filter((alert) => notEnded(alert.end, now))
          .map((alert) => ({
            id: alert.id,
            serviceId: alert.serviceId,
            body: sanitizeTenantHtml(pick(alert.body, locale)),
            start: alert.start,
            end: alert.end,
          }))
      : [],
  }
}

const cache = new Map<string, Notices>()

/** The notices of a site and locale, built once per build (the bell of every page asks). */
export function noticesOf(site: Site, locale: Locale): Notices {
  const key = `${site.host}|${locale}`
  let notices = cache.get(key)
  if (!notices) {
    notices = buildNotices(site, locale)
    cache.set(key, notices)
  }
  return notices
}
