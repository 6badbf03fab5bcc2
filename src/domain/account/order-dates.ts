/**
 * Dates of the account pages. Appointments are wall-clock 'YYYY-MM-DDTHH:MM' in the shop's zone
 * (contract/common): shown as written, never converted. Order instants carry an offset and are
 * shown in the visitor's zone unless one is given.
 */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

export function wallClockDateTime(local: string, iso: string): string {
  const match = local.match(WALL_CLOCK)
  if (!match) return local
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number]
  const utc = new Date(Date.UTC(y, mo - 1, d, h, mi))
  return new Intl.DateTimeFormat(iso, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(utc)
}

export function instantDate(instant: string, iso: string, timeZone?: string): string {
  const date = new Date(instant)
  if (Number.isNaN(date.getTime())) return instant
  return new Intl.DateTimeFormat(iso, {
    dateStyle: 'long',
    ...(timeZone ? { timeZone } : {}),
  }).format(date)
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A calendar date 'YYYY-MM-DD' (a voucher's last valid day) written the locale's way, unshifted. */
export function calendarDate(date: string, iso: string): string {
  const match = date.match(CALENDAR_DATE)
  if (!match) return date
  const [, y, mo, d] = match.map(Number) as [number, number, number, number]
  return new Intl.DateTimeFormat(iso, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, mo - 1, d)),
  )
}
