import { copyFileSync, cpSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { DEMO_CALENDAR_FILE } from '#contract/demo-calendar'

/**
 * Copies a demo tenant's folder into `root` (as `to`), with the demo's calendar beside it, so a
 * product started on `root` seeds it as the demo: its dates moved to this week
 * (docs/decisions/108-demo-calendar.md). Without the calendar its events and coupons would age.
 * Answers the copy's folder.
 */
export function copyDemoTenant(root: string, from: string, to: string = from): string {
  const folder = join(root, to)
  mkdirSync(root, { recursive: true })
  cpSync(join('tenants', from), folder, { recursive: true })
  copyFileSync(join('tenants', DEMO_CALENDAR_FILE), join(root, DEMO_CALENDAR_FILE))
  return folder
}
