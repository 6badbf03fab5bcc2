import type { TimeRange } from '#contract/opening-hours'
import { formatClockTime } from './clock-time'

/**
 * Half-open ranges [start, end) of minutes since the shop's local midnight. Availability is
 * integer arithmetic on these; instants and time zones stay at the edges (zoned-time).
 */
export interface Range {
  readonly start: number
  readonly end: number
}

export const DAY_MINUTES = 24 * 60

/** Sorted, with overlapping or touching ranges joined; empty ranges dropped. */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start)
  const merged: Range[] = []
  for (const range of sorted) {
    const last = merged.at(-1)
    if (last && range.start <= last.end) {
      merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, range.end) }
    } else {
      merged.push(range)
    }
  }
  return merged
}

/** The parts common to both lists (each list may be unsorted). */
export function intersectRanges(a: readonly Range[], b: readonly Range[]): Range[] {
  const out: Range[] = []
  for (const x of mergeRanges(a)) {
    for (const y of mergeRanges(b)) {
      const start = Math.max(x.start, y.start)
      const end = Math.min(x.end, y.end)
      if (end > start) out.push({ start, end })
    }
  }
  return mergeRanges(out)
}

/** Whether `range` lies inside a single range of `within` (merged first). */
export function fitsIn(range: Range, within: readonly Range[]): boolean {
  return within.some((r) => r.start <= range.start && range.end <= r.end)
}

/** Whether the two share at least a minute. */
export function overlaps(a: Range, b: Range): boolean {
  return a.start < b.end && b.start < a.end
}

/** Whether `range` shares at least a minute with one of `busy`. */
export function overlapsAny(range: Range, busy: readonly Range[]): boolean {
  return busy.some((b) => overlaps(b, range))
}

/**
 * As the contract's 'HH:MM' ranges. The contract has no '24:00', so a range reaching midnight
 * ends at 23:59 (a slot can never end at midnight anyway: an appointment ends the day it starts).
 */
export function toTimeRanges(ranges: readonly Range[]): TimeRange[] {
  return ranges
    .map((r) => ({ start: r.start, end: Math.min(r.end, DAY_MINUTES - 1) }))
    .filter((r) => r.end > r.start)
    .map((r) => ({ start: formatClockTime(r.start), end: formatClockTime(r.end) }))
}
