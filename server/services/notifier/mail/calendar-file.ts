import { createEvent, type EventAttributes } from 'ics'
import { foldIcsLine } from '#domain/booking/ics.ts'

/**
 * A visit as a calendar entry (RFC 5545, written by the `ics` package), the one rule behind the
 * `invite.ics` of the e-mails and the file of GET /api/calendar (decision 056):
 * - UID `<booking order id>@<company host>`: one entry per visit, whatever its appointments
 *   become, so a reschedule (new appointment rows) or a cancellation updates the entry a
 *   calendar already holds instead of adding one;
 * - SEQUENCE the seconds from 2024-01-01 to the change the file tells (the time the message was
 *   queued, or the file served): it grows with every change without a counter to keep, and a
 *   later file always wins; DTSTAMP is that same instant;
 * - times in UTC ('Z'), the instants of the shop's wall clocks (booking/mail/visit-calendar.ts):
 *   right on both sides of a daylight-saving change, whatever zone the reader's calendar is in;
 * - METHOD:PUBLISH for a visit that stands, METHOD:CANCEL (and STATUS:CANCELLED) for one that
 *   is cancelled.
 */
export interface CalendarEvent {
  readonly uid: string
  /** ISO 8601 instants */
  readonly start: string
  readonly end: string
  readonly title: string
  readonly location: string
  readonly description: string
}

export type CalendarMethod = 'PUBLISH' | 'CANCEL'

export interface CalendarFileOptions {
  readonly method: CalendarMethod
  /** when the visit changed as this file tells it: SEQUENCE and DTSTAMP */
  readonly changedAt: Date
  /** the calendar's name in some clients, and the organizer's (with their address) */
  readonly organizer: { readonly name: string; readonly email: string | undefined }
}

const SEQUENCE_EPOCH = Date.UTC(2024, 0, 1)

/** SEQUENCE of a change at `at`: whole seconds since 2024 (fits RFC 5545's integer until 2092). */
export function calendarSequence(at: Date): number {
  return Math.max(0, Math.floor((at.getTime() - SEQUENCE_EPOCH) / 1000))
}

/** The visit's UID: stable for its booking order in its company, across reschedules. */
export function visitUid(orderId: string, host: string): string {
  return `${orderId}@${host}`
}

/** The .ics text (CRLF lines folded at 75 octets); throws on an event `ics` refuses. */
export function calendarFile(event: CalendarEvent, options: CalendarFileOptions): string {
  const { name, email } = options.organizer
  const attributes: EventAttributes & { timestamp: number } = {
    uid: event.uid,
    start: Date.parse(event.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(event.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: event.title,
    ...(event.location ? { location: event.location } : {}),
    ...(event.description ? { description: event.description } : {}),
    sequence: calendarSequence(options.changedAt),
    // DTSTAMP: `ics` takes it as `timestamp` (its types do not say so)
    timestamp: options.changedAt.getTime(),
    method: options.method,
    status: options.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    productId: '-//Storefront//Booking//EN',
    ...(name ? { calName: name } : {}),
    ...(email ? { organizer: { name: name || email, email } } : {}),
  }
  const { error, value } = createEvent(attributes)
  if (error || !value) throw error ?? new Error('calendar file: nothing written')
  return foldByOctets(value)
}

/**
 * `ics` folds at 75 characters; RFC 5545 section 3.1 says 75 octets, which accented text passes. Its
 * lines are unfolded and folded again by the rule the site's file already follows.
 */
function foldByOctets(ics: string): string {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n')
  return lines.map((line) => (line === '' ? line : foldIcsLine(line))).join('\r\n')
}
