import { type OpeningHours, WEEKDAY_BY_JS_DAY } from '#contract/opening-hours'

/**
 * Whether a resource (its working hours) or a shop (its opening hours) works at a wall-clock
 * time of a day, so the agenda can shade the rest (docs/decisions/071-studio-app.md). 'day' and
 * 'pause' open their ranges; a missing day or any other status is closed (src/contract/opening-hours.ts).
 */
export function worksAt(hours: OpeningHours, day: string, clock: string): boolean {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  const weekday = WEEKDAY_BY_JS_DAY[new Date(Date.UTC(year, month - 1, date)).getUTCDay()]
  const open = weekday ? hours[weekday] : undefined
  if (!open || (open.status !== 'day' && open.status !== 'pause')) return false
  return open.hours.some((range) => range.start <= clock && clock < range.end)
}
