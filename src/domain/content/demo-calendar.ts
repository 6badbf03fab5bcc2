import { formatClockTime } from '../slots/clock-time'
import { zonedWallTimeToUtc } from '../slots/zoned-time'

/**
 * Moving the demo's dated content to another week (docs/decisions/108-demo-calendar.md). The
 * demo is written around one instant; a product's first start moves it by whole weeks, so every
 * weekday stays (an event "every Friday" keeps its Fridays) and what was current, past or to come
 * around that instant still is around the start. Public holidays (the closed or open days of no
 * shop in particular) move by whole years instead: Christmas stays on 25 December.
 */
export interface CalendarShift {
  readonly days: number
  readonly years: number
}

const DAY_MS = 86_400_000
const WEEK_MS = 7 * DAY_MS

export const NO_SHIFT: CalendarShift = { days: 0, years: 0 }

/** The whole weeks, and the whole years, from `writtenFor` back to `now` (negative before it). */
export function calendarShift(writtenFor: Date, now: Date): CalendarShift {
  const weeks = Math.floor((now.getTime() - writtenFor.getTime()) / WEEK_MS)
  let years = now.getUTCFullYear() - writtenFor.getUTCFullYear()
  if (withYears(writtenFor, years) > now.getTime()) years -= 1
  return { days: weeks * 7, years }
}

function withYears(date: Date, years: number): number {
  const moved = new Date(date)
  moved.setUTCFullYear(date.getUTCFullYear() + years)
  return moved.getTime()
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

/** The UTC midnight of a day; a day past the month's end rolls into the next. */
function utcDay(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day))
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** An offset from UTC in minutes as ISO 8601 writes it: '+02:00', '-05:30'. */
function offsetText(minutes: number): string {
  return `${minutes < 0 ? '-' : '+'}${formatClockTime(Math.abs(minutes))}`
}

/**
 * A date or date-time moved by `days`. A date-time keeps its wall-clock time in `timeZone` and
 * takes that zone's offset at its new date (23:59 in winter stays 23:59 in summer, one hour
 * further from UTC): the storefront shows the date the string names, so it must stay that day.
 * A 'Z' instant moves by whole days of UTC. Anything else is returned as it is.
 */
export function shiftDays(text: string, days: number, timeZone: string): string {
  const date = DATE.exec(text)
  if (date) return isoDay(utcDay(Number(date[1]), Number(date[2]), Number(date[3]) + days))
  const match = DATE_TIME.exec(text)
  if (!match) return text
  const [, year, month, day, hour, minute, seconds = '', zone] = match
  const moved = utcDay(Number(year), Number(month), Number(day) + days)
  if (zone === 'Z') return `${isoDay(moved)}T${hour}:${minute}${seconds}Z`
  const wall = {
    year: moved.getUTCFullYear(),
    month: moved.getUTCMonth() + 1,
    day: moved.getUTCDate(),
    hour: Number(hour),
    minute: Number(minute),
  }
  const local = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute)
  const offset = Math.round((local - zonedWallTimeToUtc(wall, timeZone).getTime()) / 60_000)
  return `${isoDay(moved)}T${hour}:${minute}${seconds}${offsetText(offset)}`
}

/** A date 'YYYY-MM-DD' moved by whole years (29 February becomes 1 March in other years). */
export function shiftYears(text: string, years: number): string {
  const date = DATE.exec(text)
  if (!date) return text
  return isoDay(utcDay(Number(date[1]) + years, Number(date[2]), Number(date[3])))
}

/** Every string of a JSON value passed through `move`, the rest as it is. */
function mapStrings(value: unknown, move: (text: string) => string): unknown {
  if (typeof value === 'string') return move(value)
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, move))
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mapStrings(item, move)]),
    )
  }
  return value
}

/** The content kinds whose dates move by weeks; closed and open days by weeks or years (below). */
const BY_WEEKS = new Set(['events', 'alerts', 'coupons', 'posts'])
const CALENDAR_DAYS = new Set(['closedDays', 'openDays'])

/** A closed or open day of no shop in particular (every shop's): a public holiday. */
const isHoliday = (item: unknown) =>
  typeof item === 'object' && item !== null && !('shopId' in item && item.shopId != null)

/**
 * A list of one content kind (the API's names: events, alerts, coupons, posts, closedDays,
 * openDays) with its dates moved. Other kinds, and a shift of nothing, come back unchanged.
 * Only whole strings that are a date or a date-time move: texts naming a date do not, which is
 * why the demo's texts name none.
 */
export function shiftContent<T>(
  kind: string,
  list: readonly T[],
  shift: CalendarShift,
  timeZone: string,
): readonly T[] {
  if (shift.days === 0 && shift.years === 0) return list
  const byWeeks = (text: string) => shiftDays(text, shift.days, timeZone)
  const byYears = (text: string) => shiftYears(text, shift.years)
  if (BY_WEEKS.has(kind)) return list.map((item) => mapStrings(item, byWeeks) as T)
  if (!CALENDAR_DAYS.has(kind)) return list
  return list.map((item) => mapStrings(item, isHoliday(item) ? byYears : byWeeks) as T)
}

/** Lists keyed by content kind (a tenant's content, a snapshot's lists), each moved by `shift`. */
export function shiftLists<L extends Record<string, unknown>>(
  lists: L,
  shift: CalendarShift,
  timeZone: string,
): L {
  const moved = Object.entries(lists).map(([kind, list]) => [
    kind,
    Array.isArray(list) ? shiftContent(kind, list, shift, timeZone) : list,
  ])
  return Object.fromEntries(moved) as L
}
