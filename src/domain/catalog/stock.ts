import { UNKNOWN_STOCK } from '#contract/constants'

/** The Article fields the stock rule reads (docs/product/3-entities.md Article.booker.enableStock). */
export interface StockedProductLike {
  booker?: { enableStock?: boolean | null | undefined } | null | undefined
  /** Units in stock as the catalogue reports them, when tracked. */
  stock?: number | null | undefined
}

/**
 * Units a product can be ordered in (docs/product/5-rules.md, docs/product/8-errors.md):
 * - product not found: 0, it cannot be ordered;
 * - stock not tracked (enableStock not true): UNKNOWN_STOCK (999999), effectively unlimited;
 * - tracked: `trackedStock` (a fresh stock lookup) or else the product's own stock; 0 when
 *   neither can be read (a failed stock lookup is 0 too), never negative.
 */
export function availableStock(
  product: StockedProductLike | null | undefined,
  trackedStock?: number | null,
): number {
  if (!product) return 0
  if (product.booker?.enableStock !== true) return UNKNOWN_STOCK
  const stock = trackedStock ?? product.stock
  if (typeof stock !== 'number' || !Number.isFinite(stock)) return 0
  return Math.max(0, Math.floor(stock))
}
