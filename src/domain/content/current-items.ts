/** Start and end as the API sends them (ISO strings), or already parsed. */
export type InstantLike = string | number | Date

export interface TimeBoxedLike {
  start?: InstantLike | null | undefined
  end?: InstantLike | null | undefined
}

function toMs(value: InstantLike | null | undefined): number {
  if (value === null || value === undefined || value === '') return Number.NaN
  return value instanceof Date ? value.getTime() : new Date(value).getTime()
}

/**
 * Current events and alerts (docs/product/4-states.md): those where now is strictly between start and end, sorted
 * by end ascending (the one ending soonest first; equal ends keep their given order). An item
 * with a missing or unreadable date is never current: showing a stale alert forever is worse
 * than missing one.
 */
export function currentItems<T extends TimeBoxedLike>(items: readonly T[], now: InstantLike): T[] {
  const at = toMs(now)
  return items
    .map((item) => ({ item, start: toMs(item.start), end: toMs(item.end) }))
    .filter(({ start, end }) => start < at && at < end)
    .sort((a, b) => a.end - b.end)
    .map(({ item }) => item)
}
