import { icsUtc, wallClockToUtc } from './ics'

/**
 * "Add to my calendar" links for the web calendars that take an event in their address: Google
 * Calendar and Outlook (outlook.live.com). Times go as UTC instants made from the shop's wall
 * clock and time zone (src/domain/booking/ics.ts), so they are right on both sides of a
 * daylight-saving change, whatever the zone of the person who opens the link.
 */
export interface CalendarVisit {
  /** Shop wall-clock 'YYYY-MM-DDTHH:MM' and the shop's IANA time zone. */
  readonly start: string
  readonly end: string
  readonly timeZone: string
  readonly title: string
  readonly details?: string | undefined
  readonly location?: string | undefined
}

export interface CalendarLinks {
  readonly google: string
  readonly outlook: string
}

/** Outlook's compose form reads ISO instants ('2026-03-29T07:00:00Z'). */
const isoSeconds = (instant: Date) => `${instant.toISOString().slice(0, 19)}Z`

/** Both links, or null when the visit's times cannot be read. */
export function calendarLinks(visit: CalendarVisit): CalendarLinks | null {
  const start = wallClockToUtc(visit.start, visit.timeZone)
  const end = wallClockToUtc(visit.end, visit.timeZone)
  if (!start || !end) return null
  const google = new URLSearchParams({
    action: 'TEMPLATE',
    text: visit.title,
    dates: `${icsUtc(start)}/${icsUtc(end)}`,
    ctz: visit.timeZone,
  })
  const outlook = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: visit.title,
    startdt: isoSeconds(start),
    enddt: isoSeconds(end),
  })
  for (const query of [google, outlook]) {
    if (visit.location) query.set('location', visit.location)
  }
  if (visit.details) {
    google.set('details', visit.details)
    outlook.set('body', visit.details)
  }
  return {
    google: `https://calendar.google.com/calendar/render?${google}`,
    outlook: `https://outlook.live.com/calendar/0/deeplink/compose?${outlook}`,
  }
}
