import { type OpeningHours, type TimeRange, WEEKDAYS, type Weekday } from '#contract/opening-hours'

/**
 * A week of hours (a shop's opening hours, an employee's working hours) as the studio's form
 * edits it (docs/decisions/087-studio-shops-and-team.md): per weekday, open or not and up to two
 * ranges (a morning and an afternoon). 'day' and 'pause' are the statuses that open hours
 * (src/contract/opening-hours.ts); a day's status is kept as it was when it stays open.
 */
export interface DayValues {
  readonly open: boolean
  readonly status: string
  /** two ranges as typed ('HH:MM'); an empty second range is none */
  readonly ranges: readonly [RangeValues, RangeValues]
}
export interface RangeValues {
  readonly start: string
  readonly end: string
}
export type WeekValues = Readonly<Record<Weekday, DayValues>>

const OPENING = new Set(['day', 'pause'])
const EMPTY: RangeValues = { start: '', end: '' }
/** what a day opened in the form starts with: the salons' usual day */
export const NEW_DAY_RANGE: RangeValues = { start: '09:00', end: '18:00' }
const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$/

export function weekFormOf(hours: OpeningHours): WeekValues {
  const entries = WEEKDAYS.map((day): [Weekday, DayValues] => {
    const stored = hours[day]
    const open = stored !== undefined && OPENING.has(stored.status) && stored.hours.length > 0
    const [first, second] = stored?.hours ?? []
    return [
      day,
      {
        open,
        status: open && stored ? stored.status : 'day',
        ranges: [first ?? NEW_DAY_RANGE, second ?? EMPTY],
      },
    ]
  })
  return Object.fromEntries(entries) as Record<Weekday, DayValues>
}

export type HoursResult = { readonly hours: OpeningHours } | { readonly error: Weekday }

/**
 * The hours to send, or the first weekday whose ranges do not read: a time that is not HH:MM,
 * an end not after its start, a second range not after the first. A closed day is left out
 * (a missing day is closed). Ranges beyond the form's two are lost: the form says so (none of
 * the demo data has more).
 */
export function hoursOf(values: WeekValues): HoursResult {
  const hours: Partial<Record<Weekday, { status: string; hours: TimeRange[] }>> = {}
  for (const day of WEEKDAYS) {
    const { open, status, ranges } = values[day]
    if (!open) continue
    const [first, second] = ranges
    const typed = second.start === '' && second.end === '' ? [first] : [first, second]
    if (!typed.every((r) => CLOCK.test(r.start) && CLOCK.test(r.end) && r.start < r.end)) {
      return { error: day }
    }
    const [a, b] = typed
    if (a && b && b.start < a.end) return { error: day }
    hours[day] = { status, hours: typed.map((r) => ({ start: r.start, end: r.end })) }
  }
  return { hours }
}

/** Whether the stored week has a day of more than two ranges, which the form cannot show. */
export const hasMoreRanges = (hours: OpeningHours): boolean =>
  WEEKDAYS.some((day) => (hours[day]?.hours.length ?? 0) > 2)
