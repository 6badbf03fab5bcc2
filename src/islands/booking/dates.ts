import { clockLabel, clockTextLabel } from '#domain/slots/clock-label'
import { utcToZonedWallTime } from '#domain/slots/zoned-time'
import { LOCALE_INFO, type Locale } from '#i18n/locales'

const pad = (n: number) => String(n).padStart(2, '0')

/** Today's date 'YYYY-MM-DD' in the shop's time zone. */
export function todayIn(timeZone: string, now = Date.now()): string {
  const wall = utcToZonedWallTime(now, timeZone)
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`
}

const formats = new Map<string, Intl.DateTimeFormat>()

function format(locale: string, style: 'short' | 'long'): Intl.DateTimeFormat {
  const key = `${locale}|${style}`
  let formatter = formats.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      locale,
      style === 'short'
        ? { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }
        : { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' },
    )
    formats.set(key, formatter)
  }
  return formatter
}

/**
 * A calendar date 'YYYY-MM-DD' for people ('lun. 23 nov.' or 'lundi 23 novembre'), by Intl with
 * the page language's region-qualified tag, as its times are: 'Monday 23 November' in English,
 * not the American 'Monday, November 23' beside a 24-hour clock.
 */
export function dateLabel(date: string, locale: Locale, style: 'short' | 'long' = 'long'): string {
  const instant = Date.parse(`${date}T12:00:00Z`)
  return Number.isNaN(instant) ? date : format(LOCALE_INFO[locale].iso, style).format(instant)
}

/**
 * A wall-clock time (minutes since midnight, or 'HH:MM') for people: the page language's clock,
 * by Intl with its region-qualified tag (src/i18n/locales.ts), like every amount and date.
 */
export function timeLabel(time: number | string, locale: Locale): string {
  const iso = LOCALE_INFO[locale].iso
  return typeof time === 'number' ? clockLabel(time, iso) : clockTextLabel(time, iso)
}
