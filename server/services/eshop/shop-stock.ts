import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { stock } from '#server/db/schema/index.ts'
import { clock, notFound } from '#server/kernel/index.ts'
import { findContent } from '../content/index.ts'

export interface ShopUnits {
  readonly shopId: string
  readonly quantity: number
}

/**
 * A product of the company, draft or on sale (the studio stocks a product before it goes on
 * sale): anything else is 404, as another company's row is.
 */
async function assertProduct(db: Db, companyId: number, articleId: string): Promise<void> {
  const row = await findContent(db, companyId, 'articles', { id: articleId })
  if (row?.type !== '2') throw notFound('No such product.')
}

/**
 * The units of a product per shop, for the shops named (undefined: every shop). A shop without
 * a row is left out: it has none to sell (docs/decisions/088-studio-products-and-service-options.md).
 */
export async function productStock(
  db: Db,
  companyId: number,
  articleId: string,
  shopIds?: readonly string[],
): Promise<ShopUnits[]> {
  await assertProduct(db, companyId, articleId)
  if (shopIds?.length === 0) return []
  return db
    .select({ shopId: stock.shopId, quantity: stock.quantity })
    .from(stock)
    .where(
      and(
        eq(stock.companyId, companyId),
        eq(stock.articleId, articleId),
        shopIds === undefined ? undefined : inArray(stock.shopId, [...shopIds]),
      ),
    )
    .orderBy(asc(stock.shopId))
}

/**
 * Sets the units of a product at a shop of the company (an absolute count, as a stock-take
 * gives it: two studio saves do not add up). A checkout decrements the same row in its own
 * transaction; the last write wins.
 */
export async function setProductStock(
  db: Db,
  companyId: number,
  articleId: string,
  units: ShopUnits,
): Promise<ShopUnits> {
  await assertProduct(db, companyId, articleId)
  if (!(await findContent(db, companyId, 'shops', { id: units.shopId }))) {
    throw notFound('No such shop.')
  }
  const now = clock.now()
  const [saved] = await db
    .insert(stock)
    .values({
      companyId,
      shopId: units.shopId,
      articleId,
      quantity: units.quantity,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [stock.companyId, stock.shopId, stock.articleId],
      set: { quantity: units.quantity, updatedAt: now },
    })
    .returning({ shopId: stock.shopId, quantity: stock.quantity })
  if (!saved) throw notFound('No such product.')
  return saved
}
