import { DEFAULT_TIME_ZONE } from '#contract/constants'
import { zonedWallTimeToUtc } from '../slots/zoned-time'

/**
 * The calendar year a page shows (the footer's copyright line), read in the tenant's time zone:
 * a Paris salon's visitor on 1 January at 00:30 sees the new year, not the UTC one. The build
 * and the rebuild planner (server/services/rebuilds) read the year through these functions, so
 * the page changes exactly when the planner says it does
 * (docs/decisions/059-rebuilds-at-content-boundaries.md).
 */

const years = new Map<string, Intl.DateTimeFormat>()

function yearFormat(timeZone: string): Intl.DateTimeFormat {
  let format = years.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' })
    years.set(timeZone, format)
  }
  return format
}

/** The zone a tenant's pages read the date in: its first shop's, else the default (Paris). */
export function tenantTimeZone(
  shops: readonly { readonly timeZone?: string | undefined }[],
): string {
  return shops[0]?.timeZone ?? DEFAULT_TIME_ZONE
}

// every page of a build asks for the same instant's year: the last answer is kept
let last = { instant: Number.NaN, timeZone: '', year: Number.NaN }

/** The year of `instant` (epoch ms) on the wall calendar of `timeZone`. */
export function localYear(instant: number, timeZone: string): number {
  if (instant === last.instant && timeZone === last.timeZone) return last.year
  const part = yearFormat(timeZone)
    .formatToParts(instant)
    .find((p) => p.type === 'year')
  last = { instant, timeZone, year: Number(part?.value) }
  return last.year
}

/**
 * The first instant of the next local year after `instant`: local midnight of 1 January. Where
 * that midnight does not exist (a zone skipping it), the wall-time conversion moves it forward
 * by the gap, which is the first instant of the new day all the same.
 */
export function nextLocalYearStart(instant: number, timeZone: string): number {
  const wall = { year: localYear(instant, timeZone) + 1, month: 1, day: 1, hour: 0, minute: 0 }
  return zonedWallTimeToUtc(wall, timeZone).getTime()
}
