import type { ArticleRecord } from '../../../src/contract/article.ts'

/**
 * The server's price of a service at a shop, minor units incl. tax (the client's is never used).
 * The week's price (weekprices, spec §3 "swapped on load") wins when set: it is the price the
 * catalogue shows this week. Otherwise the shop's own price (pricesByShops pvTtc), otherwise the
 * article's price. The payments part prices booking carts with this same rule.
 */
export function servicePrice(article: ArticleRecord, shopId: string): number {
  if (article.weekprices !== undefined) return article.weekprices
  const byShop = article.booker.pricesByShops.find((p) => p.boutiqueId === shopId)
  return byShop?.pvTtc ?? article.prices
}
