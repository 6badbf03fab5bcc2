import * as z from 'zod/mini'
import { id, isoDate, translatedText } from './common'
import { timeRange } from './opening-hours'

const dayFields = {
  id,
  date: isoDate,
  /** the shop concerned; null: every shop */
  shopId: z._default(z.nullable(id), null),
  label: z._default(translatedText, {}),
}

/** GET /api/closeddays: a date on which the shop takes no booking. */
export const closedDay = z.object(dayFields)

/**
 * GET /api/opendays: an exceptional opening; its hours replace the weekday's opening hours
 * for that date (wall-clock, shop time zone).
 */
export const openDay = z.object({ ...dayFields, hours: z._default(z.array(timeRange), []) })

export type ClosedDay = z.infer<typeof closedDay>
export type OpenDay = z.infer<typeof openDay>
