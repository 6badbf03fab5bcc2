import { and, eq, sql } from 'drizzle-orm'
import { UNKNOWN_STOCK } from '#contract/constants.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { stock } from '#server/db/schema/index.ts'
import { clock, notFound, Refusal } from '#server/kernel/index.ts'
import { findProducts, type Product } from './catalogue.ts'

export interface StockLine {
  readonly articleId: string
  readonly quantity: number
}

export const outOfStock = (articleId: string) =>
  new Refusal(409, 'outOfStock', `Conflict: not enough units of article ${articleId} in stock.`)

/**
 * Units of a product that can be sold (docs/product/5-rules.md): UNKNOWN_STOCK (999999) when it is not tracked,
 * 0 when it is not a published product of the company. Tracked: the units at `shopId`, or summed
 * over the company's shops when no shop is named; a shop without a stock row has none.
 */
export async function stockLevel(
  db: Db,
  companyId: number,
  articleId: string,
  shopId?: string,
): Promise<number> {
  const product = (await findProducts(db, companyId, [articleId])).get(articleId)
  if (!product) return 0
  if (!product.tracked) return UNKNOWN_STOCK
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${stock.quantity}), 0)::int` })
    .from(stock)
    .where(
      and(
        eq(stock.companyId, companyId),
        eq(stock.articleId, articleId),
        shopId === undefined ? undefined : eq(stock.shopId, shopId),
      ),
    )
  return row?.units ?? 0
}

/** One line per product, quantities added up, in id order: the order rows are locked in. */
export function mergeLines(lines: readonly StockLine[]): StockLine[] {
  const merged = new Map<string, number>()
  for (const line of lines)
    merged.set(line.articleId, (merged.get(line.articleId) ?? 0) + line.quantity)
  return [...merged]
    .map(([articleId, quantity]) => ({ articleId, quantity }))
    .sort((a, b) => (a.articleId < b.articleId ? -1 : a.articleId > b.articleId ? 1 : 0))
}

/**
 * Takes the units of tracked products out of the shop's stock, in the caller's transaction. Each
 * decrement is `quantity = quantity - n where quantity >= n`: PostgreSQL re-checks the condition
 * on the latest row version after waiting for a concurrent writer, so of two checkouts of the last
 * unit exactly one matches a row; the other gets 409 `outOfStock` and its transaction (rolled
 * back by the caller) has sold nothing. The CHECK (quantity >= 0) is the last guarantee. Rows are
 * locked in article id order, so two multi-line checkouts cannot deadlock.
 */
export async function decrementStock(
  tx: Tx,
  companyId: number,
  shopId: string,
  lines: readonly StockLine[],
  products: ReadonlyMap<string, Product>,
): Promise<void> {
  for (const line of mergeLines(lines)) {
    const product = products.get(line.articleId)
    if (!product) throw notFound(`No such product: ${line.articleId}.`)
    if (!product.tracked) continue
    const [taken] = await tx
      .update(stock)
      .set({ quantity: sql`${stock.quantity} - ${line.quantity}`, updatedAt: clock.now() })
      .where(
        and(
          eq(stock.companyId, companyId),
          eq(stock.shopId, shopId),
          eq(stock.articleId, line.articleId),
          sql`${stock.quantity} >= ${line.quantity}`,
        ),
      )
      .returning({ quantity: stock.quantity })
    if (!taken) throw outOfStock(line.articleId)
  }
}

/** Puts units back (an order cancelled before it was paid, or refunded). Untracked: nothing. */
export async function releaseStock(
  tx: Tx,
  input: { companyId: number; shopId: string; lines: readonly StockLine[] },
): Promise<void> {
  for (const line of mergeLines(input.lines)) {
    await tx
      .update(stock)
      .set({ quantity: sql`${stock.quantity} + ${line.quantity}`, updatedAt: clock.now() })
      .where(
        and(
          eq(stock.companyId, input.companyId),
          eq(stock.shopId, input.shopId),
          eq(stock.articleId, line.articleId),
        ),
      )
  }
}
