import type { Weekday } from '#contract/opening-hours'
import { parseClockTime } from './clock-time'

/**
 * Wall-clock times and weekdays for people, written the locale's way by Intl (docs/product/1-overview.md:
 * every screen in the visitor's language): '14:30' in French, '2:30 PM' where the locale says so.
 * A wall-clock time is minutes since midnight, never an instant: it is formatted at UTC so no
 * time zone shifts it.
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let found = formatters.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })
    formatters.set(key, found)
  }
  return found
}

const DAY_MS = 86_400_000

/**
 * Minutes since midnight -> the locale's short time ('09:05', '9:05 AM'). 1440, the end of the
 * day of an opening range, is midnight.
 */
export function clockLabel(minutes: number, locale: string): string {
  const whole = Math.max(0, Math.min(24 * 60, Math.round(minutes))) % (24 * 60)
  return formatter(locale, { hour: '2-digit', minute: '2-digit' }).format(whole * 60_000)
}

/** 'HH:MM' -> the locale's short time; anything else is shown as written. */
export function clockTextLabel(text: string, locale: string): string {
  const minutes = parseClockTime(text)
  return minutes === null ? text : clockLabel(minutes, locale)
}

// 1970-01-05 was a Monday
const MONDAY = 4 * DAY_MS
const ORDER: Readonly<Record<Weekday, number>> = {
  monday: 0,
  tuesday: 1,
  wednesday: 2,
  thursday: 3,
  friday: 4,
  saturday: 5,
  sunday: 6,
}

/** A weekday's name in the locale ('lundi', 'Monday'; 'lun.', 'Mon' short), as Intl writes it. */
export function weekdayLabel(
  day: Weekday,
  locale: string,
  style: 'long' | 'short' = 'long',
): string {
  return formatter(locale, { weekday: style }).format(MONDAY + ORDER[day] * DAY_MS)
}
