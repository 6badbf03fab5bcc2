import { zonedWallTimeToUtc } from '../slots/zoned-time'

/**
 * An add-to-calendar file (RFC 5545) for booked appointments: CRLF line ends, content lines
 * folded at 75 octets (a CRLF then one space, never inside a UTF-8 sequence), TEXT values
 * escaped (backslash, semicolon, comma, newline), times in UTC ('Z'). Pure: the caller gives the
 * stamp time and the unique ids.
 */
export interface IcsEvent {
  /** Globally unique, stable for one appointment (e.g. `<appointment id>@<host>`). */
  uid: string
  /** Shop wall-clock 'YYYY-MM-DDTHH:MM' and the shop's IANA time zone. */
  start: string
  end: string
  timeZone: string
  summary: string
  description?: string | undefined
  location?: string | undefined
}

export interface IcsOptions {
  /** DTSTAMP: when the file was made. */
  now: Date
  /** PRODID, e.g. '-//Storefront//Booking//FR'. */
  productId?: string | undefined
  /** X-WR-CALNAME, the calendar's name in some clients. */
  calendarName?: string | undefined
}

/** RFC 5545 section 3.3.11: backslash, semicolon, comma escaped; line breaks as \n. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

const encoder = new TextEncoder()

/**
 * RFC 5545 section 3.1: lines longer than 75 octets are split, each continuation starting with one
 * space; the split never falls inside a multi-byte character.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    // continuation lines carry a leading space: 74 octets of content
    const limit = parts.length === 0 ? 75 : 74
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A UTC DATE-TIME 'YYYYMMDDTHHMMSSZ'. */
export function icsUtc(instant: Date): string {
  return (
    `${instant.getUTCFullYear()}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}` +
    `T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`
  )
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** Shop wall-clock 'YYYY-MM-DDTHH:MM' in `timeZone` as a UTC instant; null when malformed. */
export function wallClockToUtc(local: string, timeZone: string): Date | null {
  const match = LOCAL.exec(local)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  const instant = zonedWallTimeToUtc({ year, month, day, hour, minute }, timeZone)
  return Number.isNaN(instant.getTime()) ? null : instant
}

/** The whole VCALENDAR; events whose times cannot be read are left out. */
export function buildIcs(events: readonly IcsEvent[], options: IcsOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${options.productId ?? '-//Storefront//Booking//EN'}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ]
  if (options.calendarName) lines.push(`X-WR-CALNAME:${escapeIcsText(options.calendarName)}`)
  for (const event of events) {
    const start = wallClockToUtc(event.start, event.timeZone)
    const end = wallClockToUtc(event.end, event.timeZone)
    if (!start || !end) continue
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeIcsText(event.uid)}`,
      `DTSTAMP:${icsUtc(options.now)}`,
      `DTSTART:${icsUtc(start)}`,
      `DTEND:${icsUtc(end)}`,
      `SUMMARY:${escapeIcsText(event.summary)}`,
    )
    if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`)
    if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`)
    lines.push('END:VEVENT')
  }
  lines.push('END:VCALENDAR')
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`
}
