import { calendarLinks } from '#domain/booking/calendar-links.ts'
import { buildIcs } from '#domain/booking/ics.ts'
import type { Locale } from '#i18n/locales.ts'
import { createTranslator } from '#i18n/messages.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { businessName, siteBase } from '../accounts/messages.ts'
import { SECRET } from '../notifier/index.ts'
import type { VisitFacts } from './visit-facts.ts'

/** What the calendar entry of a visit is called: its services, then the shop (or company). */
function eventTitle(company: CompanyRow, visit: VisitFacts): string {
  const services = [...new Set(visit.lines.map((line) => line.service).filter(Boolean))]
  const place = visit.shopName || businessName(company)
  return services.length > 0 ? `${services.join(', ')} – ${place}` : place
}

/** The visit's calendar file (RFC 5545): one event per confirmed appointment. */
export function visitIcs(company: CompanyRow, visit: VisitFacts, now: Date): string {
  return buildIcs(
    visit.lines.map((line) => ({
      uid: `${line.id}@${company.host}`,
      start: line.localStart,
      end: line.localEnd,
      timeZone: line.timeZone,
      summary: `${line.service} – ${visit.shopName || businessName(company)}`,
      description: visit.ideorder,
      location: [visit.shopName, visit.shopAddress].filter(Boolean).join(', '),
    })),
    {
      now,
      productId: '-//Storefront//Booking//EN',
      calendarName: businessName(company),
    },
  )
}

/**
 * The calendar file's address with SECRET in place of its signed token: messages carry the token
 * only sealed (docs/decisions/018-secrets-in-messages.md), the notifier puts it back at delivery.
 */
export function calendarFileLink(company: CompanyRow, orderId: string): string {
  const path = `/api/calendar/${encodeURIComponent(company.token)}/${encodeURIComponent(orderId)}`
  return `${siteBase(company)}${path}?token=${SECRET}`
}

/**
 * The "add to your calendar" lines of an e-mail: the file, Google Calendar and Outlook, the
 * whole visit (first start to last end) in the shop's zone. Empty for a visit with nothing left.
 */
export function calendarMailLines(
  company: CompanyRow,
  visit: VisitFacts,
  locale: Locale,
): string[] {
  const first = visit.lines[0]
  const last = visit.lines.at(-1)
  if (!first || !last) return []
  const t = createTranslator(locale)
  const links = calendarLinks({
    start: first.localStart,
    end: last.localEnd,
    timeZone: first.timeZone,
    title: eventTitle(company, visit),
    details: visit.ideorder,
    location: [visit.shopName, visit.shopAddress].filter(Boolean).join(', '),
  })
  return [
    t.t('calendar.mailIntro'),
    t.t('calendar.mailFile', { link: calendarFileLink(company, visit.orderId) }),
    ...(links
      ? [
          t.t('calendar.mailGoogle', { link: links.google }),
          t.t('calendar.mailOutlook', { link: links.outlook }),
        ]
      : []),
  ]
}
