import { and, eq, inArray } from 'drizzle-orm'
import { type Article, article } from '#contract/article.ts'
import type { TranslatedText } from '#contract/common.ts'
import { unitPrice } from '#domain/catalog/unit-price.ts'
import type { Db } from '#server/db/client.ts'
import { contentTables } from '#server/db/schema/index.ts'
import { toEntity } from '../content/index.ts'

/** A product as the e-shop sells it: the catalogue's word on name, price, VAT and tracking. */
export interface Product {
  readonly id: string
  readonly abId: string | undefined
  readonly name: TranslatedText
  readonly vat: number | undefined
  /** booker.enableStock: units are counted in the stock table, per shop */
  readonly tracked: boolean
  readonly article: Article
}

/**
 * The published products (type '2') among `ids`, parsed through the contract (weekprices swapped
 * in). Drafts, services, rows that no longer parse and other companies' rows are simply absent.
 */
export async function findProducts(
  db: Db,
  companyId: number,
  ids: readonly string[],
): Promise<Map<string, Product>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const table = contentTables.articles
  const rows = await db
    .select()
    .from(table)
    .where(
      and(
        eq(table.companyId, companyId),
        eq(table.published, true),
        eq(table.type, '2'),
        inArray(table.id, unique),
      ),
    )
  const products = new Map<string, Product>()
  for (const row of rows) {
    const parsed = article.safeParse(toEntity(article, row))
    if (!parsed.success || parsed.data.draft) continue
    const data = parsed.data
    products.set(row.id, {
      id: row.id,
      abId: data.artebeauteId,
      name: data.name,
      vat: data.booker.vat ?? data.vat,
      tracked: data.booker.enableStock,
      article: data,
    })
  }
  return products
}

/** The unit price at a shop incl. tax, minor units: its own price (pricesByShops), else the list one. */
export function unitPriceAt(product: Product, shopId: string): number {
  return unitPrice(product.article, shopId)
}
