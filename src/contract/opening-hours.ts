import * as z from 'zod/mini'
import { timeOfDay } from './common'

/**
 * Opening hours are keyed by weekday NAME, monday..sunday, not 0-6: Date#getDay() counts from
 * Sunday = 0 while ISO counts from Monday = 1, and a name cannot be read either way. A missing
 * day is closed.
 */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const
export const weekday = z.enum(WEEKDAYS)
export type Weekday = z.infer<typeof weekday>

/** Day names indexed like Date#getDay() (0 = sunday), for the one conversion the code needs. */
export const WEEKDAY_BY_JS_DAY = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const satisfies readonly Weekday[]

/** A wall-clock range in the shop's time zone; end after start, same day. */
export const timeRange = z
  .object({ start: timeOfDay, end: timeOfDay })
  .check(z.refine((r) => r.start < r.end, { message: 'end must be after start', path: ['end'] }))
export type TimeRange = z.infer<typeof timeRange>

/**
 * docs/product/3-entities.md, docs/product/5-rules.md: 'day' opens every block inside the hours; 'pause' opens a block only if it lies
 * fully inside one of the ranges; any other status (e.g. 'closed') opens nothing. Known statuses
 * are listed for the domain; unknown ones are kept, not refused.
 */
export const openingDay = z.object({
  status: z.string().check(z.minLength(1)),
  hours: z._default(z.array(timeRange), []),
})
export type OpeningDay = z.infer<typeof openingDay>

export const openingHours = z._default(z.partialRecord(weekday, openingDay), {})
export type OpeningHours = z.infer<typeof openingHours>
