import { and, eq, inArray } from 'drizzle-orm'
import { type ArticleRecord, type ArticleType, article, articleRecord } from '#contract/article.ts'
import { unitPrice } from '#domain/catalog/unit-price.ts'
import { vatIncluded, vatRateOf } from '#domain/money/vat.ts'
import type { Db } from '#server/db/client.ts'
import { contentTables } from '#server/db/schema/index.ts'
import { badRequest, notFound } from '#server/kernel/index.ts'
import { findContent, toEntity } from '../content/index.ts'
import type { PricedLine } from './coupon-discount.ts'

/** A cart line as charged: the catalogue's price incl. tax and the VAT inside it, minor units. */
export interface ChargedLine extends PricedLine {
  readonly name: Record<string, string>
  readonly total: number
  /** percent; undefined when the catalogue gives none */
  readonly vatRate: number | undefined
  /** the VAT included in total, the one rule of src/domain/money/vat.ts (decision 011) */
  readonly vatAmount: number
}

type Lines = readonly { readonly articleId: string; readonly quantity: number }[]

/**
 * The published articles of the lines, read once, with the price each has at the shop: the
 * shop's own price when it has one (pricesByShops), else the list price with the week price
 * swapped in by the contract (src/domain/catalog/unit-price.ts, the one rule). Prices a client
 * sends are never read: lines carry ids and quantities only. Unknown shop, unknown or draft
 * article: 404, as drafts cannot be bought.
 */
async function catalogueOf(
  db: Db,
  companyId: number,
  shopId: string,
  lines: Lines,
): Promise<Map<string, { record: ArticleRecord | undefined; unitPrice: number }>> {
  if (!(await findContent(db, companyId, 'shops', { id: shopId }))) {
    throw notFound('No such shop.')
  }
  const table = contentTables.articles
  const ids = [...new Set(lines.map((line) => line.articleId))]
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(table)
          .where(
            and(eq(table.companyId, companyId), eq(table.published, true), inArray(table.id, ids)),
          )
  return new Map(
    rows.flatMap((row) => {
      const priced = article.safeParse(toEntity(article, row))
      if (!priced.success) return []
      // the stored record (type, names, VAT): one that no longer parses cannot be charged (400)
      const record = articleRecord.safeParse({ ...row.data, id: row.id })
      const price = unitPrice(priced.data, shopId)
      return [[row.id, { record: record.success ? record.data : undefined, unitPrice: price }]]
    }),
  )
}

/** Each line with its catalogue entry; any unknown or draft article is 404 before anything else. */
async function foundLines(db: Db, companyId: number, shopId: string, lines: Lines) {
  const catalogue = await catalogueOf(db, companyId, shopId, lines)
  return lines.map((line) => {
    const found = catalogue.get(line.articleId)
    if (!found) throw notFound('No such article.')
    return { line, ...found }
  })
}

/** The lines at the shop's catalogue prices (a coupon's discount is computed on these). */
export async function priceLines(
  db: Db,
  companyId: number,
  shopId: string,
  lines: Lines,
): Promise<PricedLine[]> {
  return (await foundLines(db, companyId, shopId, lines)).map(({ line, unitPrice }) => ({
    articleId: line.articleId,
    quantity: line.quantity,
    unitPrice,
  }))
}

/**
 * The lines as charged: catalogue prices (priceLines' rule), each line of the purpose's kind
 * (services for a booking, products for the e-shop) or 400, and the VAT inside each line
 * total (the article's booker.vat, else its vat).
 */
export async function chargeLines(
  db: Db,
  companyId: number,
  shopId: string,
  lines: Lines,
  types: readonly ArticleType[],
): Promise<ChargedLine[]> {
  return (await foundLines(db, companyId, shopId, lines)).map(({ line, record, unitPrice }) => {
    if (!record || !types.includes(record.type)) {
      throw badRequest(`Article ${line.articleId} cannot be bought here.`, 'invalidInput')
    }
    const total = unitPrice * line.quantity
    const vatRate = vatRateOf(record)
    return {
      articleId: line.articleId,
      quantity: line.quantity,
      unitPrice,
      name: record.name,
      total,
      vatRate,
      vatAmount: vatIncluded(total, vatRate),
    }
  })
}
