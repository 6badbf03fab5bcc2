/**
 * Local wall-clock time in an IANA time zone <-> UTC instant, with Intl.DateTimeFormat only, so
 * slot blocks (minutes since the shop's midnight) can be turned into instants for the API and back.
 * Both directions are correct across DST changes. Unknown time zones throw a RangeError (Intl's);
 * an unreadable wall time gives an Invalid Date, as Date parsing does.
 */

export interface WallTime {
  year: number
  /** 1-12 */
  month: number
  day: number
  hour: number
  minute: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/** Building a formatter is costly; caching one per zone keeps the functions referentially pure. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The wall clock of `instant` in `timeZone`, as if it were UTC (ms), seconds included. */
function wallMsAt(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {}
  for (const part of formatterFor(timeZone).formatToParts(instantMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  // Some engines still print midnight as 24 despite h23.
  const hour = parts.hour === 24 ? 0 : (parts.hour ?? 0)
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    hour,
    parts.minute ?? 0,
    parts.second ?? 0,
  )
}

/** UTC offset of `timeZone` at `instant`, in ms (Paris in summer: +7_200_000). */
function offsetAt(instantMs: number, timeZone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000
  return wallMsAt(whole, timeZone) - whole
}

const DAY_MS = 86_400_000

/**
 * The UTC instant of a local wall time. Ambiguities are resolved as Temporal's 'compatible'
 * disambiguation does: a time repeated when clocks go back (02:30 on 25 Oct 2026 in Paris) is the
 * earlier instant; a time skipped when clocks go forward (02:30 on 29 Mar 2026) is moved forward by
 * the gap (03:30 CEST). Real zones never change offset twice within a day, so the offsets a day
 * before and after are the only candidates.
 */
export function zonedWallTimeToUtc(wall: WallTime, timeZone: string): Date {
  const local = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute)
  if (!Number.isFinite(local)) return new Date(Number.NaN)
  const before = offsetAt(local - DAY_MS, timeZone)
  const after = offsetAt(local + DAY_MS, timeZone)
  const candidates = [local - before, local - after]
    .filter((instant) => instant + offsetAt(instant, timeZone) === local)
    .sort((a, b) => a - b)
  return new Date(candidates[0] ?? local - before)
}

/** The local wall time of a UTC instant in `timeZone` (seconds are dropped). */
export function utcToZonedWallTime(instant: Date | number, timeZone: string): WallTime {
  const wall = new Date(wallMsAt(Number(instant), timeZone))
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  }
}

/** Convenience for slot blocks: a date 'YYYY-MM-DD' plus minutes since local midnight. */
export function zonedMinutesToUtc(date: string, minutes: number, timeZone: string): Date {
  const [year = Number.NaN, month = Number.NaN, day = Number.NaN] = date.split('-').map(Number)
  return zonedWallTimeToUtc(
    { year, month, day, hour: Math.floor(minutes / 60), minute: minutes % 60 },
    timeZone,
  )
}
