import * as z from 'zod/mini'
import { instant } from './common'
import { timeZone } from './shop'

/**
 * tenants/calendar.json: the demo tenants' data is written around one instant, in one zone. Its
 * presence marks a tenants folder as demo data whose dates a product's first start may move to
 * its own week (docs/decisions/108-demo-calendar.md); a folder without it is seeded as written.
 */
export const demoCalendar = z.object({
  /** the instant the demo's events, alerts, coupons and featured posts are written around */
  writtenFor: instant,
  /** the zone of the demo's wall-clock dates (its shops' zone) */
  timeZone,
})

/** The file's name in a tenants folder (beside the tenants' own folders). */
export const DEMO_CALENDAR_FILE = 'calendar.json'
