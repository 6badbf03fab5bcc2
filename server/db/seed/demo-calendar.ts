import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEMO_CALENDAR_FILE, demoCalendar } from '#contract/demo-calendar.ts'
import { calendarShift, shiftLists } from '#domain/content/demo-calendar.ts'
import type { TenantData } from './read-tenant.ts'

/**
 * A product's first start seeds the demo with its dates moved to that week
 * (docs/decisions/108-demo-calendar.md): only a tenants folder holding calendar.json is demo data;
 * any other is seeded as written. A broken calendar.json stops the seed (it is ours, not a
 * tenant's).
 */
export function rebaseToNow(root: string, now: Date | undefined) {
  const file = join(root, DEMO_CALENDAR_FILE)
  if (now === undefined || !existsSync(file)) return (tenant: TenantData) => tenant
  const calendar = demoCalendar.parse(JSON.parse(readFileSync(file, 'utf8')))
  const shift = calendarShift(new Date(calendar.writtenFor), now)
  return (tenant: TenantData): TenantData => ({
    ...tenant,
    content: shiftLists(tenant.content, shift, calendar.timeZone),
  })
}
