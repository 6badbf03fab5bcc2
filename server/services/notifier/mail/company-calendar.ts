import type { Locale } from '#i18n/locales.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { mailBrand } from './brand.ts'
import { type CalendarEvent, type CalendarMethod, calendarFile } from './calendar-file.ts'

/**
 * A visit's .ics as the company sends it: the e-mails' `invite.ics` and the file of
 * GET /api/calendar alike, the company as the entry's organizer where its address is known.
 */
export function companyCalendarFile(
  company: CompanyRow | undefined,
  locale: Locale,
  event: CalendarEvent,
  method: CalendarMethod,
  changedAt: Date,
): string {
  const brand = mailBrand(company, locale)
  return calendarFile(event, {
    method,
    changedAt,
    organizer: { name: brand.name, email: brand.email },
  })
}
