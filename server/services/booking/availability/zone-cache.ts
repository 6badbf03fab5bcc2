import { utcToZonedWallTime, zonedMinutesToUtc } from '#domain/slots/zoned-time.ts'

/**
 * Instant -> shop-local date and minutes, for every claim of an availability period (hundreds
 * per request). Intl.DateTimeFormat#formatToParts is by far the costliest step, so the zone's
 * UTC offset is memoised per 15-minute slice of time: offsets of real zones change only at
 * instants that are multiples of 15 minutes (transitions happen on the hour or half hour, and
 * offsets are whole quarter hours), so the offset at the start of a slice holds for all of it.
 */
const SLICE_MS = 15 * 60_000
const MAX_SLICES = 50_000
const zones = new Map<string, Map<number, number>>()

function offsetAt(instantMs: number, timeZone: string): number {
  const slice = Math.floor(instantMs / SLICE_MS)
  let offsets = zones.get(timeZone)
  if (!offsets) {
    offsets = new Map()
    zones.set(timeZone, offsets)
  }
  const hit = offsets.get(slice)
  if (hit !== undefined) return hit
  const wall = utcToZonedWallTime(slice * SLICE_MS, timeZone)
  const offset =
    Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - slice * SLICE_MS
  if (offsets.size >= MAX_SLICES) offsets.clear()
  offsets.set(slice, offset)
  return offset
}

const DAY_MS = 86_400_000
const dates = new Map<number, string>()

/** 'YYYY-MM-DD' of a UTC day number (days since the epoch), memoised: few distinct days recur. */
function dateOfDay(day: number): string {
  let date = dates.get(day)
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 10)
    if (dates.size >= MAX_SLICES) dates.clear()
    dates.set(day, date)
  }
  return date
}

/** The shop's local date 'YYYY-MM-DD' and minutes since its midnight at `instant` (ms or Date). */
export function localDateAndMinutes(instant: Date | number, timeZone: string) {
  const ms = typeof instant === 'number' ? instant : instant.getTime()
  const local = ms + offsetAt(ms, timeZone)
  const day = Math.floor(local / DAY_MS)
  return { date: dateOfDay(day), minutes: Math.floor((local - day * DAY_MS) / 60_000) }
}

const instants = new Map<string, number>()

/**
 * The instant of `minutes` after the shop's midnight on a local date (zoned-time.ts
 * zonedMinutesToUtc, gaps and repeats of DST included), memoised: every hold and check converts
 * its start and end, and the same starts of the same days come back all the time.
 */
export function localMinutesToUtc(date: string, minutes: number, timeZone: string): Date {
  const key = `${timeZone}|${date}|${minutes}`
  let ms = instants.get(key)
  if (ms === undefined) {
    ms = zonedMinutesToUtc(date, minutes, timeZone).getTime()
    if (instants.size >= MAX_SLICES) instants.clear()
    instants.set(key, ms)
  }
  return new Date(ms)
}
