import { and, eq, inArray } from 'drizzle-orm'
import type { ArticleType } from '#contract/article.ts'
import { articleRecord } from '#contract/article.ts'
import { vatIncluded, vatRateOf } from '#domain/money/vat.ts'
import type { Db } from '#server/db/client.ts'
import { contentTables } from '#server/db/schema/index.ts'
import { badRequest } from '#server/kernel/index.ts'
import type { PricedLine } from '../../content/index.ts'
import { priceLines } from '../../content/index.ts'

/** A cart line as charged: the catalogue's price incl. tax and the VAT inside it, minor units. */
export interface ChargedLine extends PricedLine {
  readonly name: Record<string, string>
  readonly total: number
  /** percent; undefined when the catalogue gives none */
  readonly vatRate: number | undefined
  /** the VAT included in total, the one rule of src/domain/money/vat.ts (decision 011) */
  readonly vatAmount: number
}

/**
 * Prices lines from the catalogue with the coupon service's rule (services/content/coupons.ts
 * priceLines: the shop's pricesByShops pvTtc, else the list price with weekprices swapped in;
 * unknown shop, unknown or draft article 404). Prices a client sends are never read: the lines
 * carry ids and quantities only. Each line must be of the purpose's kind (services for a
 * booking, products for the e-shop), else 400. VAT: the article's booker.vat, else its vat.
 */
export async function chargeLines(
  db: Db,
  companyId: number,
  shopId: string,
  lines: readonly { articleId: string; quantity: number }[],
  types: readonly ArticleType[],
): Promise<ChargedLine[]> {
  const priced = await priceLines(db, companyId, shopId, [...lines])
  const table = contentTables.articles
  const ids = [...new Set(priced.map((line) => line.articleId))]
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: table.id, data: table.data })
          .from(table)
          .where(and(eq(table.companyId, companyId), inArray(table.id, ids)))
  const articles = new Map(
    rows.flatMap((row) => {
      const parsed = articleRecord.safeParse({ ...row.data, id: row.id })
      return parsed.success ? [[row.id, parsed.data] as const] : []
    }),
  )
  return priced.map((line) => {
    const article = articles.get(line.articleId)
    if (!article || !types.includes(article.type)) {
      throw badRequest(`Article ${line.articleId} cannot be bought here.`, 'invalidInput')
    }
    const total = line.unitPrice * line.quantity
    const vatRate = vatRateOf(article)
    return {
      ...line,
      name: article.name,
      total,
      vatRate,
      vatAmount: vatIncluded(total, vatRate),
    }
  })
}
