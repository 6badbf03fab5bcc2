import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEMO_CALENDAR_FILE } from '#contract/demo-calendar'

/**
 * Copies a demo tenant's folder into `root` (as `to`), with the demo's calendar beside it, so a
 * product started on `root` seeds it as the demo: its dates moved to this week
 * (docs/decisions/108-demo-calendar.md). Without the calendar its events and coupons would age.
 * A copy under another host serves its pictures from its own folder: the lists' picture
 * addresses (`/storage/<host>/images/...`) are moved to it, or they would answer 404 where the
 * original tenant is not beside it. Answers the copy's folder.
 */
export function copyDemoTenant(root: string, from: string, to: string = from): string {
  const folder = join(root, to)
  mkdirSync(root, { recursive: true })
  cpSync(join('tenants', from), folder, { recursive: true })
  copyFileSync(join('tenants', DEMO_CALENDAR_FILE), join(root, DEMO_CALENDAR_FILE))
  if (to !== from) {
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.json'))) {
      const file = join(folder, name)
      const text = readFileSync(file, 'utf8')
      const moved = text.replaceAll(`/storage/${from}/`, `/storage/${to}/`)
      if (moved !== text) writeFileSync(file, moved)
    }
  }
  return folder
}

/**
 * A copy of a demo tenant (copyDemoTenant) whose company.json `change` edits: a company the demo
 * does not have. Answers the copy's folder.
 */
export function copyDemoCompany<Company>(
  root: string,
  from: string,
  to: string,
  change: (company: Company) => void,
): string {
  const folder = copyDemoTenant(root, from, to)
  const file = join(folder, 'company.json')
  const company = JSON.parse(readFileSync(file, 'utf8')) as Company
  change(company)
  writeFileSync(file, JSON.stringify(company, null, 2))
  return folder
}
