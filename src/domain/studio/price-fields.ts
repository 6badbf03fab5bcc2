import { toMinorUnits } from '../money/minor-units'

/** '45', '45.5', '45,50' in major units -> minor units; anything else (or negative) undefined. */
export function parsePrice(text: string, precision = 2): number | undefined {
  const clean = text.trim().replace(',', '.')
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return undefined
  return toMinorUnits(Number(clean), precision)
}

/** Minor units as the field shows them, '45.00'. */
export function priceText(minor: number): string {
  return (minor / 100).toFixed(2)
}

/**
 * The week price field of the studio's service and product forms
 * (docs/decisions/092-week-prices-and-online-booking.md). Optional: empty means "no week price"
 * and clears a stored one. When set, the contract's `article` read swaps it in for the list
 * price (docs/product/3-entities.md), so it is what every page shows and every booking charges
 * where the shop has no price of its own.
 */
export type WeekPrice =
  | { readonly ok: true; readonly minor: number | undefined }
  | { readonly ok: false }

/** '' -> no week price; '39.90' -> 3990; anything else is an error the form names. */
export function parseWeekPrice(text: string): WeekPrice {
  if (text.trim() === '') return { ok: true, minor: undefined }
  const minor = parsePrice(text)
  return minor === undefined ? { ok: false } : { ok: true, minor }
}

/** The stored week price as the field shows it; '' when there is none. */
export function weekPriceText(minor: number | undefined): string {
  return minor === undefined ? '' : priceText(minor)
}
