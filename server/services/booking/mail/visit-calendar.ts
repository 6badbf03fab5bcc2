import { calendarLinks } from '#domain/booking/calendar-links.ts'
import { wallClockToUtc } from '#domain/booking/ics.ts'
import type { Locale } from '#i18n/locales.ts'
import { createTranslator } from '#i18n/messages.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { businessName, siteBase } from '#server/kernel/index.ts'
import {
  type CalendarEvent,
  type CalendarProps,
  companyCalendarFile,
  SECRET,
  visitUid,
} from '../../notifier/index.ts'
import type { VisitFacts, VisitLine } from './visit-facts.ts'

/** What a calendar entry needs of a visit (a confirmed one, or the appointments just cancelled). */
type CalendarVisit = Pick<VisitFacts, 'orderId' | 'ideorder' | 'shopName' | 'shopAddress'> & {
  readonly lines: readonly Omit<VisitLine, 'id'>[]
}

/** What the calendar entry of a visit is called: its services, then the shop (or company). */
function eventTitle(company: CompanyRow, visit: CalendarVisit): string {
  const services = [...new Set(visit.lines.map((line) => line.service).filter(Boolean))]
  const place = visit.shopName || businessName(company)
  return services.length > 0 ? `${services.join(', ')} – ${place}` : place
}

/** The visit's first start and last end (lines are in start order; the longest may end last). */
function span(visit: CalendarVisit) {
  const first = visit.lines[0]
  const last = visit.lines.reduce<(typeof visit.lines)[number] | undefined>(
    (latest, line) => (!latest || line.endsAt > latest.endsAt ? line : latest),
    undefined,
  )
  return first && last ? { first, last } : undefined
}

/**
 * The visit as one calendar entry (decision 056): first start to last end, its UID the booking
 * order's, so the entry stays the same one across reschedules and its cancellation.
 */
export function visitEvent(company: CompanyRow, visit: CalendarVisit): CalendarEvent | undefined {
  const times = span(visit)
  if (!times) return undefined
  // the wall clocks as booked, in the shop's zone (as the links): the instants only if unreadable
  const start = wallClockToUtc(times.first.localStart, times.first.timeZone) ?? times.first.startsAt
  const end = wallClockToUtc(times.last.localEnd, times.last.timeZone) ?? times.last.endsAt
  return {
    uid: visitUid(visit.orderId, company.host),
    start: start.toISOString(),
    end: end.toISOString(),
    title: eventTitle(company, visit),
    location: [visit.shopName, visit.shopAddress].filter(Boolean).join(', '),
    description: visit.ideorder,
  }
}

/** The visit's calendar file as GET /api/calendar serves it: the entry as it stands `now`. */
export function visitIcs(company: CompanyRow, visit: VisitFacts, now: Date): string {
  const event = visitEvent(company, visit)
  if (!event) throw new Error('a visit without appointments has no calendar file')
  return companyCalendarFile(company, visit.locale, event, 'PUBLISH', now)
}

/**
 * The calendar file's address with SECRET in place of its signed token: messages carry the token
 * only sealed (docs/decisions/018-secrets-in-messages.md), the notifier puts it back at delivery.
 */
export function calendarFileLink(company: CompanyRow, orderId: string): string {
  const path = `/api/calendar/${encodeURIComponent(company.token)}/${encodeURIComponent(orderId)}`
  return `${siteBase(company)}${path}?token=${SECRET}`
}

interface VisitLinks {
  readonly file: string
  readonly google?: string
  readonly outlook?: string
}

/** The file, Google Calendar and Outlook links of the visit, the whole visit in the shop's zone. */
function visitLinks(company: CompanyRow, visit: CalendarVisit): VisitLinks | undefined {
  const times = span(visit)
  if (!times) return undefined
  const links = calendarLinks({
    start: times.first.localStart,
    end: times.last.localEnd,
    timeZone: times.first.timeZone,
    title: eventTitle(company, visit),
    details: visit.ideorder,
    location: [visit.shopName, visit.shopAddress].filter(Boolean).join(', '),
  })
  const file = calendarFileLink(company, visit.orderId)
  return links ? { file, google: links.google, outlook: links.outlook } : { file }
}

/**
 * The "add to your calendar" lines of an e-mail's text: the file, Google Calendar and Outlook.
 * Empty for a visit with nothing left.
 */
export function calendarMailLines(
  company: CompanyRow,
  visit: VisitFacts,
  locale: Locale,
): string[] {
  const links = visitLinks(company, visit)
  if (!links) return []
  const t = createTranslator(locale)
  return [
    t.t('calendar.mailIntro'),
    t.t('calendar.mailFile', { link: links.file }),
    ...(links.google ? [t.t('calendar.mailGoogle', { link: links.google })] : []),
    ...(links.outlook ? [t.t('calendar.mailOutlook', { link: links.outlook })] : []),
  ]
}

/**
 * The calendar of an e-mail's template: the entry it attaches as it stands at `changedAt` (the
 * change the message tells), and the links its text gives (`withLinks`: the file's token is in
 * the message's secret, at `filePlaceholder`).
 */
export function visitCalendarProps(
  company: CompanyRow,
  visit: CalendarVisit,
  changedAt: Date,
  withLinks?: { readonly filePlaceholder: string },
): CalendarProps | undefined {
  const event = visitEvent(company, visit)
  if (!event) return undefined
  const links = withLinks ? visitLinks(company, visit) : undefined
  return {
    event,
    changedAt: changedAt.toISOString(),
    ...(links && withLinks
      ? { links: { ...links, file: links.file.replaceAll(SECRET, withLinks.filePlaceholder) } }
      : {}),
  }
}
