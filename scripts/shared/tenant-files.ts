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

/** The snapshot the build would pull for a demo tenant, validated by the contract. */
export function tenantSnapshot(dir: string, host: string): SiteSnapshot {
  const files = readTenant(dir)
  const lists = Object.fromEntries(
    Object.entries(LIST_FILES).map(([key, file]) => [key, files[file]]),
  )
  const collections = collectionsOf(files)
  const media = files[MEDIA_FILE]
  return siteSnapshot.parse({ host, company: files['company.json'], ...lists, collections, media })
}
