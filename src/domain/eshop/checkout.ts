import { type EntityId, sameId } from '../ids'

/** A cart line as checkout reads it (the e-shop cart cookie's lines). */
export interface CheckoutLineLike {
  id: EntityId
  quantity: number
}

/** The lines of POST /api/payment/initialize: article ids and quantities only (never prices). */
export function paymentLines(lines: readonly CheckoutLineLike[]): {
  articleId: string
  quantity: number
}[] {
  return lines
    .filter((line) => Number.isInteger(line.quantity) && line.quantity > 0)
    .map((line) => ({ articleId: String(line.id), quantity: line.quantity }))
}

/**
 * GET stock/verify/{ids}/{qty} checks several products against one quantity: the lines are
 * grouped by quantity, one call per group (usually one or two).
 */
export function verificationBatches(
  lines: readonly CheckoutLineLike[],
): { ids: string[]; qty: number }[] {
  const byQuantity = new Map<number, string[]>()
  for (const line of paymentLines(lines)) {
    const ids = byQuantity.get(line.quantity) ?? []
    if (!ids.includes(line.articleId)) ids.push(line.articleId)
    byQuantity.set(line.quantity, ids)
  }
  return [...byQuantity].map(([qty, ids]) => ({ ids, qty }))
}

export interface StockVerdict {
  articleId: EntityId
  stock: number
  available: boolean
}

/** A line the stock cannot serve, with the units left (0: out of stock). */
export interface StockShortage {
  id: EntityId
  requested: number
  stock: number
}

/**
 * The lines the verification refused. A line the answer does not mention is short with 0: the
 * server only leaves out products it does not know.
 */
export function stockShortages(
  lines: readonly CheckoutLineLike[],
  verdicts: readonly StockVerdict[],
): StockShortage[] {
  const short: StockShortage[] = []
  for (const line of lines) {
    const verdict = verdicts.find((v) => sameId(v.articleId, line.id))
    const stock = verdict ? verdict.stock : 0
    if (!verdict?.available || stock < line.quantity) {
      short.push({ id: line.id, requested: line.quantity, stock: Math.max(0, stock) })
    }
  }
  return short
}

export interface ShopOption {
  id: EntityId
}

/**
 * The shop an e-shop order is for: the cart's selected shop when it is one of the offered
 * shops, else the only shop when there is exactly one, else none (the customer must choose).
 */
export function checkoutShop(
  selected: EntityId | null,
  shops: readonly ShopOption[],
): EntityId | null {
  if (selected !== null && shops.some((shop) => sameId(shop.id, selected))) return selected
  const [only] = shops
  return shops.length === 1 && only ? only.id : null
}
