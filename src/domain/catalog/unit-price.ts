import { type EntityId, sameId } from '../ids'

/** The parts of an article (spec §3) that decide what one unit costs at a shop. */
export interface PricedArticleLike {
  readonly prices: number
  /** present on stored records; parsed articles already carry it in `prices` (the §3 swap) */
  readonly weekprices?: number | undefined
  readonly booker: { readonly pricesByShops: readonly { boutiqueId: EntityId; pvTtc: number }[] }
}

/**
 * One unit's price at a shop, minor units incl. tax: the shop's own price (pricesByShops pvTtc)
 * wins, otherwise the list price with the week's price swapped in (spec §3). Bookings, coupons,
 * the e-shop and payments all price with this one rule, so an order's total is what is charged.
 */
export function unitPrice(article: PricedArticleLike, shopId: EntityId): number {
  const own = article.booker.pricesByShops.find((p) => sameId(p.boutiqueId, shopId))
  return own ? own.pvTtc : (article.weekprices ?? article.prices)
}
