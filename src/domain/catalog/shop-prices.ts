import type { EntityId } from '../ids'
import { type PricedArticleLike, unitPrice } from './unit-price'

/** article id -> shop id -> unitPrice there: what the e-shop cart needs to price at its shop. */
export type ShopPriceTable = Readonly<Record<string, Readonly<Record<string, number>>>>

/**
 * The table of unitPrice for `articles` at the shops selling each (built once, at build time):
 * `shopsOf` gives those shops' ids, or pass one list for every article.
 */
export function shopPriceTable<A extends PricedArticleLike & { readonly id: EntityId }>(
  articles: readonly A[],
  shopsOf: readonly EntityId[] | ((article: A) => readonly EntityId[]),
): ShopPriceTable {
  return Object.fromEntries(
    articles.map((article) => [
      String(article.id),
      Object.fromEntries(
        (typeof shopsOf === 'function' ? shopsOf(article) : shopsOf).map((shopId) => [
          String(shopId),
          unitPrice(article, shopId),
        ]),
      ),
    ]),
  )
}

/**
 * One product's price at a shop (a row of the table). Own keys only: ids come from the
 * visitor's cart cookie, and a shop id "constructor" must not find Object's.
 */
export function priceAtShop(
  prices: Readonly<Record<string, number>> | undefined,
  shopId: EntityId,
): number | undefined {
  const key = String(shopId)
  return prices && Object.hasOwn(prices, key) ? prices[key] : undefined
}

function priceAt(table: ShopPriceTable, id: EntityId, shopId: EntityId): number | undefined {
  const key = String(id)
  return priceAtShop(Object.hasOwn(table, key) ? table[key] : undefined, shopId)
}

/**
 * Cart lines priced at the chosen shop (decision 011): a line whose product the table knows takes
 * that shop's unit price; others keep theirs (the server prices every line anyway). The same
 * array comes back when nothing changes, so a caller can tell whether to write the cart.
 */
export function pricedAtShop<T extends { readonly id: EntityId; readonly price: number }>(
  lines: readonly T[],
  table: ShopPriceTable | undefined,
  shopId: EntityId | null,
): readonly T[] {
  if (!table || shopId === null) return lines
  let changed = false
  const priced = lines.map((line) => {
    // ids compare as text (sameId): the table's keys are String(id)
    const price = priceAt(table, line.id, shopId)
    if (price === undefined || price === line.price) return line
    changed = true
    return { ...line, price }
  })
  return changed ? priced : lines
}

/**
 * Booking cart lines (docs/product/3-entities.md: `prices` per unit, `shopId`, the service in `serviceId`) at the
 * rule's price of their service at their shop: a line stored at an older price is shown, and
 * totalled, at what the server charges. Unknown services keep theirs; the same array comes back
 * when nothing changes.
 */
export function bookingLinesAtShop<
  T extends { readonly prices: number; readonly shopId: EntityId; readonly serviceId?: unknown },
>(lines: readonly T[], table: ShopPriceTable | undefined): readonly T[] {
  if (!table) return lines
  let changed = false
  const priced = lines.map((line) => {
    const serviceId = line.serviceId
    if (typeof serviceId !== 'string' && typeof serviceId !== 'number') return line
    const price = priceAt(table, serviceId, line.shopId)
    if (price === undefined || price === line.prices) return line
    changed = true
    return { ...line, prices: price }
  })
  return changed ? priced : lines
}
