import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Tx } from '../client.ts'
import { accounts, type JsonObject, loyaltyCards, stock } from '../schema/index.ts'
import type { LoyaltyCardSeed } from './read-tenant.ts'
import type { Counts } from './upsert.ts'

/**
 * The live commerce rows of a demo tenant: loyalty cards (loyalty.json `cards`) and units in
 * stock (articles.json products with booker.enableStock). Both change through use (orders earn
 * points, exchanges spend them, checkouts take units), so the seed only inserts what is missing:
 * a rerun never resets a balance or a stock level, and counts existing rows as unchanged.
 */

/** Cards of customers of this company (by account id); a card of an unknown user is skipped. */
export async function insertLoyaltyCards(
  tx: Tx,
  companyId: number,
  cards: readonly LoyaltyCardSeed[],
  counts: Counts,
): Promise<void> {
  if (cards.length === 0) return
  const known = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.companyId, companyId),
        eq(accounts.kind, 'customer'),
        inArray(
          accounts.id,
          cards.map((card) => card.userId),
        ),
      ),
    )
  const ids = new Set(known.map((row) => row.id))
  const rows = cards
    .filter((card) => ids.has(card.userId))
    .map((card) => ({
      companyId,
      customerId: card.userId,
      // A card without a number gets a stable one, so reruns and tests can name it.
      number: card.number ?? `LC-${card.userId}`,
      points: card.points,
      ...(card.createdAt && !Number.isNaN(Date.parse(card.createdAt))
        ? { createdAt: new Date(card.createdAt) }
        : {}),
    }))
  if (rows.length === 0) return
  const written = await tx
    .insert(loyaltyCards)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: loyaltyCards.id })
  counts.inserted += written.length
  counts.unchanged += rows.length - written.length
}

interface StockRow {
  readonly shopId: string
  readonly articleId: string
  readonly quantity: number
}

/**
 * Stock rows of tracked products (type '2', booker.enableStock, an integer `stock`): the file's
 * units at each shop listed in the product's pricesByShops, else at every shop of the tenant.
 * The demo tenants sell from one shop, so `stock` reads as the units of that shop.
 */
export function stockRows(
  articles: readonly JsonObject[],
  shops: readonly JsonObject[],
): StockRow[] {
  const shopIds = new Set(shops.map((shop) => String(shop.id)))
  return articles.flatMap((article) => {
    const booker = (article.booker ?? {}) as JsonObject
    if (String(article.type) !== '2' || booker.enableStock !== true) return []
    if (typeof article.stock !== 'number' || !Number.isInteger(article.stock)) return []
    const listed = (Array.isArray(booker.pricesByShops) ? booker.pricesByShops : [])
      .map((price: unknown) => String((price as JsonObject | null)?.boutiqueId ?? ''))
      .filter((id) => shopIds.has(id))
    const quantity = Math.max(article.stock, 0)
    return [...new Set(listed.length > 0 ? listed : shopIds)].map((shopId) => ({
      shopId,
      articleId: String(article.id),
      quantity,
    }))
  })
}

export async function insertStock(
  tx: Tx,
  companyId: number,
  rows: readonly StockRow[],
  counts: Counts,
): Promise<void> {
  if (rows.length === 0) return
  const written = await tx
    .insert(stock)
    .values(rows.map((row) => ({ companyId, ...row })))
    .onConflictDoNothing()
    .returning({ inserted: sql<boolean>`true` })
  counts.inserted += written.length
  counts.unchanged += rows.length - written.length
}
