import { type CalendarLinks, calendarLinks } from '#domain/booking/calendar-links'
import { buildIcs } from '#domain/booking/ics'
import type { BookingConfirmationData } from './confirmation'

/**
 * The add-to-calendar offers of the confirmation page (docs/decisions/039-reminders-and-calendar.md):
 * the .ics file of the booked appointments, and Google and Outlook links for the whole visit
 * (first start to last end, in the shop's zone).
 */
export interface ConfirmationCalendar {
  /** a data: address of the .ics file */
  readonly file: string
  readonly links: CalendarLinks | null
}

export function confirmationCalendar(
  data: BookingConfirmationData,
  company: { readonly name: string; readonly host: string },
  withLabel: (employee: string) => string,
  now: Date,
): ConfirmationCalendar {
  const ics = buildIcs(
    data.lines.map((line, index) => ({
      uid: `${data.orderId ?? data.cartId}-${index}-${line.serviceId}@${company.host}`,
      start: line.start,
      end: line.end,
      timeZone: line.timeZone,
      summary: `${line.name} – ${company.name}`,
      description: [line.shopName, line.employeeName ? withLabel(line.employeeName) : '']
        .filter(Boolean)
        .join('\n'),
      location: data.location || line.shopName,
    })),
    { now, productId: '-//Storefront//Booking//EN', calendarName: company.name },
  )
  const first = data.lines[0]
  const last = data.lines.at(-1)
  const names = [...new Set(data.lines.map((line) => line.name))].join(', ')
  const links =
    first && last
      ? calendarLinks({
          start: first.start,
          end: last.end,
          timeZone: first.timeZone,
          title: `${names} – ${company.name}`,
          details: data.ideorder ?? undefined,
          location: data.location || first.shopName,
        })
      : null
  return { file: `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`, links }
}
