import type { ArticleRecord } from '#contract/article.ts'
import { unitPrice } from '#domain/catalog/unit-price.ts'

/** The server's price of a service at a shop (the client's is never used): the one rule of src/domain. */
export function servicePrice(article: ArticleRecord, shopId: string): number {
  return unitPrice(article, shopId)
}
