import { UNKNOWN_STOCK } from '#contract/constants'

/** Below this many units a product page says how many are left (docs/product/2-screens.md product detail). */
export const LOW_STOCK_THRESHOLD = 5

export type StockState = 'out' | 'low' | 'in'

/** What a product page shows for `stock` units: out of stock, only a few left, or in stock. */
export function stockState(stock: number): StockState {
  if (!Number.isFinite(stock) || stock <= 0) return 'out'
  if (stock < UNKNOWN_STOCK && stock <= LOW_STOCK_THRESHOLD) return 'low'
  return 'in'
}

export type QuantityCheck =
  | { ok: true; quantity: number }
  | { ok: false; reason: 'invalid' | 'outOfStock' | 'notEnoughStock'; max: number }

/**
 * Whether `requested` more units can go into the cart that already holds `inCart` of the
 * product, with `stock` units available (docs/product/5-rules.md stock). A quantity is a whole number of at
 * least one; `max` is how many more units could be added (never negative).
 */
export function checkQuantity(requested: number, inCart: number, stock: number): QuantityCheck {
  const max = Math.max(0, Math.floor(stock) - Math.max(0, inCart))
  if (!Number.isInteger(requested) || requested < 1) return { ok: false, reason: 'invalid', max }
  if (stock <= 0) return { ok: false, reason: 'outOfStock', max }
  if (requested > max) return { ok: false, reason: 'notEnoughStock', max }
  return { ok: true, quantity: requested }
}

/** A quantity typed in a number field: whole and positive, else null. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d{1,6}$/.test(trimmed)) return null
  const value = Number(trimmed)
  return value >= 1 ? value : null
}
