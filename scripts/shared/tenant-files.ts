import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { DEMO_CALENDAR_FILE, demoCalendar } from '#contract/demo-calendar'
import { type SiteSnapshot, siteSnapshot } from '#contract/site-snapshot'
import { calendarShift, shiftLists } from '#domain/content/demo-calendar'

/**
 * A demo tenant folder (tenants/<host>/) as the API would serve it: the file behind each list
 * call the build makes. Used by the build tests' fake API and by the bench's generator.
 */
export const LIST_FILES = {
  shops: 'shops.json',
  categories: 'categories.json',
  articles: 'articles.json',
  eshopCategories: 'eshop-categories.json',
  posts: 'posts.json',
  postCategories: 'postcategories.json',
  events: 'events.json',
  alerts: 'alerts.json',
  coupons: 'coupons.json',
} as const

/** The collections (decision 084): their schemas, and every item, each naming its type. */
export const COLLECTION_FILES = {
  schemas: 'collection-schemas.json',
  items: 'collection-items.json',
} as const

/** Library pictures (decision 091), as the API's media resolve call answers them. */
export const MEDIA_FILE = 'media.json'

type Typed = { readonly type?: unknown }

/** The snapshot's collections from the two files: each schema with the items of its type. */
function collectionsOf(files: TenantFiles): unknown[] {
  const schemas = files[COLLECTION_FILES.schemas]
  const items = files[COLLECTION_FILES.items]
  if (!Array.isArray(schemas)) return []
  const all: Typed[] = Array.isArray(items) ? items : []
  return schemas.map((schema: Typed) => ({
    schema,
    items: all.filter((item) => item.type === schema.type),
  }))
}

export type TenantFiles = Record<string, unknown>

export function readTenant(dir: string): TenantFiles {
  const files: TenantFiles = {}
  for (const file of [
    'company.json',
    ...Object.values(LIST_FILES),
    ...Object.values(COLLECTION_FILES),
    MEDIA_FILE,
  ]) {
    const path = join(dir, file)
    files[file] = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : []
  }
  return files
}

/**
 * A demo's lists with their dates moved to `now`'s week, as the API seeds them on a product's
 * first start (docs/decisions/108-demo-calendar.md): only in a tenants folder holding
 * calendar.json.
 */
function rebased(lists: Record<string, unknown>, tenantsDir: string, now: Date) {
  const file = join(tenantsDir, DEMO_CALENDAR_FILE)
  if (!existsSync(file)) return lists
  const calendar = demoCalendar.parse(JSON.parse(readFileSync(file, 'utf8')))
  const shift = calendarShift(new Date(calendar.writtenFor), now)
  return shiftLists(lists, shift, calendar.timeZone)
}

/**
 * The snapshot the build would pull for a demo tenant, validated by the contract; with `rebaseTo`,
 * as a product's first start seeds it (its dates moved to that week).
 */
export function tenantSnapshot(dir: string, host: string, rebaseTo?: Date): SiteSnapshot {
  const files = readTenant(dir)
  const written = Object.fromEntries(
    Object.entries(LIST_FILES).map(([key, file]) => [key, files[file]]),
  )
  const lists = rebaseTo ? rebased(written, dirname(dir), rebaseTo) : written
  const collections = collectionsOf(files)
  const media = files[MEDIA_FILE]
  return siteSnapshot.parse({ host, company: files['company.json'], ...lists, collections, media })
}
