import { geoGroupment } from '#contract/shop.ts'
import type { CompanyRow, ContentRow, JsonObject } from '#server/db/schema/index.ts'
import type { AppDeps } from '#server/http/types.ts'
import { notFound } from '#server/kernel/index.ts'
import { findContent, listContent, saveContent, toEntity } from '#server/services/content/index.ts'

/**
 * A shop carries its geogroupment as a copy (docs/product/3-entities.md Shop.geoGroupment), which is what the
 * site reads. These helpers keep the copies in step with the geogroupments table: linking,
 * unlinking, and re-copying (or clearing) after the groupment itself changes. Each shop saved
 * publishes its `shops` webhook like any other shop write.
 */

type Deps = Pick<AppDeps, 'db' | 'publisher'>
type Embedded = JsonObject | null

/** Seeded data keeps ids as written in tenants/ (numbers too): compare them as text. */
export function groupmentIdOf(shop: ContentRow): string | undefined {
  const value = shop.data.geoGroupment
  return typeof value === 'object' && value !== null && 'id' in value ? String(value.id) : undefined
}

/** The copy a shop embeds: the groupment as the contract reads it, id included. */
export const embeddedCopy = (row: ContentRow): JsonObject => toEntity(geoGroupment, row)

async function saveShop(deps: Deps, company: CompanyRow, shop: ContentRow, next: Embedded) {
  await saveContent(deps, company, 'shops', shop.id, { ...shop.data, geoGroupment: next })
}

/** Replaces the copy in every shop of the company linked to `groupmentId` (null: unlinks). */
export async function syncLinkedShops(
  deps: Deps,
  company: CompanyRow,
  groupmentId: string,
  next: Embedded,
): Promise<void> {
  const shops = await listContent(deps.db, company.id, 'shops')
  for (const shop of shops) {
    if (groupmentIdOf(shop) === groupmentId) await saveShop(deps, company, shop, next)
  }
}

/** Links shops to a groupment; every shop must exist in this company, or nothing is linked. */
export async function linkShops(
  deps: Deps,
  company: CompanyRow,
  groupment: ContentRow,
  shopIds: readonly string[],
): Promise<void> {
  const shops: ContentRow[] = []
  for (const id of new Set(shopIds)) {
    const shop = await findContent(deps.db, company.id, 'shops', { id })
    if (!shop) throw notFound('No such shop.')
    shops.push(shop)
  }
  for (const shop of shops) await saveShop(deps, company, shop, embeddedCopy(groupment))
}

/** Unlinks the shops that are linked to this groupment; others (or unknown ids) are left alone. */
export async function unlinkShops(
  deps: Deps,
  company: CompanyRow,
  groupment: ContentRow,
  shopIds: readonly string[],
): Promise<void> {
  for (const id of new Set(shopIds)) {
    const shop = await findContent(deps.db, company.id, 'shops', { id })
    if (shop && groupmentIdOf(shop) === groupment.id) await saveShop(deps, company, shop, null)
  }
}
