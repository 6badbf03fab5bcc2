import { type EntityId, sameId } from '../ids'

/** The parts of an article (docs/product/3-entities.md) that decide what one unit costs at a shop. */
export interface PricedArticleLike {
  readonly prices: number
  /** present on stored records; parsed articles already carry it in `prices` (the week-price swap of docs/product/3-entities.md) */
  readonly weekprices?: number | undefined
  readonly booker: { readonly pricesByShops: readonly { boutiqueId: EntityId; pvTtc: number }[] }
}

/**
 * One unit's price at a shop, minor units incl. tax: the shop's own price (pricesByShops pvTtc)
 * wins, otherwise the list price with the week's price swapped in (docs/product/3-entities.md). Bookings, coupons,
 * the e-shop, payments and every page of the build price with this one rule, so what a page
 * shows is what is charged (docs/decisions/011-price-rule.md).
 */
export function unitPrice(article: PricedArticleLike, shopId: EntityId): number {
  const own = article.booker.pricesByShops.find((p) => sameId(p.boutiqueId, shopId))
  return own ? own.pvTtc : listPrice(article)
}

/** The list price with the week's price swapped in: what a shop without its own price charges. */
export function listPrice(article: PricedArticleLike): number {
  return article.weekprices ?? article.prices
}

/** The prices of an article across the shops that offer it; min === max when they all agree. */
export interface PriceSpan {
  readonly min: number
  readonly max: number
}

/**
 * The span of unitPrice over `shopIds` (the shops offering the article). No shop at all: the
 * list price, the only price anything could charge. A page not tied to one shop shows the exact
 * price when min === max, else "from min" (docs/decisions/011-price-rule.md).
 */
export function priceSpan(article: PricedArticleLike, shopIds: readonly EntityId[]): PriceSpan {
  if (shopIds.length === 0) {
    const list = listPrice(article)
    return { min: list, max: list }
  }
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY
  for (const shopId of shopIds) {
    const price = unitPrice(article, shopId)
    if (price < min) min = price
    if (price > max) max = price
  }
  return { min, max }
}

/** Whether a span is one price (every offering shop charges the same). */
export function isExactSpan(span: PriceSpan): boolean {
  return span.min === span.max
}
