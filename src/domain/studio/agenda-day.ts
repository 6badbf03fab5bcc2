import { utcToZonedWallTime } from '#domain/slots/zoned-time'

/** The agenda's day, 'YYYY-MM-DD' in the shop's zone (docs/decisions/071-studio-app.md). */

const pad = (n: number) => String(n).padStart(2, '0')

/** Today at the shop, whatever the browser's zone. */
export function shopToday(timeZone: string, now: Date | number = Date.now()): string {
  const wall = utcToZonedWallTime(now, timeZone)
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`
}

/** The day `days` after (or before) `day`, on the calendar: no clock, no DST. */
export function shiftDay(day: string, days: number): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10)
}

/** The Monday-to-Sunday week that holds `day`, both ends included. */
export function weekOf(day: string): { from: string; to: string } {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  // getUTCDay: 0 is Sunday; the salon's week starts on Monday
  const back = (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7
  const from = shiftDay(day, -back)
  return { from, to: shiftDay(from, 6) }
}

/** A day read from the address (`?day=`), or undefined when it is no calendar day. */
export function readDay(value: string | null | undefined): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined
  return shiftDay(value, 0) === value ? value : undefined
}

/** The hours the grid shows by default: a salon's usual day. */
const FIRST_HOUR = 8
const LAST_HOUR = 21

/**
 * The hours the day grid spans, as [first, last): the usual day, widened to whole hours around
 * every appointment of the day, so none is cut off.
 */
export function dayHours(events: readonly { start: string; end: string }[]): [number, number] {
  let first = FIRST_HOUR
  let last = LAST_HOUR
  for (const { start, end } of events) {
    first = Math.min(first, Number(start.slice(11, 13)))
    const endHour = Number(end.slice(11, 13)) + (end.slice(14, 16) === '00' ? 0 : 1)
    // an appointment ending at midnight ends the day, not its first hour
    last = Math.max(last, end.slice(11) === '00:00' ? 24 : endHour)
  }
  return [first, Math.min(24, last)]
}
