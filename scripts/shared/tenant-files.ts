import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type SiteSnapshot, siteSnapshot } from '#contract/site-snapshot'

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

export type TenantFiles = Record<string, unknown>

export function readTenant(dir: string): TenantFiles {
  const files: TenantFiles = {}
  for (const file of ['company.json', ...Object.values(LIST_FILES)]) {
    const path = join(dir, file)
    files[file] = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : []
  }
  return files
}

/** The snapshot the build would pull for a demo tenant, validated by the contract. */
export function tenantSnapshot(dir: string, host: string): SiteSnapshot {
  const files = readTenant(dir)
  const lists = Object.fromEntries(
    Object.entries(LIST_FILES).map(([key, file]) => [key, files[file]]),
  )
  return siteSnapshot.parse({ host, company: files['company.json'], ...lists })
}
