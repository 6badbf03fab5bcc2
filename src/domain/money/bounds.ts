/**
 * Bounds of money arithmetic (docs/product/9-constants.md#money-bounds), in one place: the
 * contract, the islands and the server import them. Amounts are integer minor units stored in
 * integer columns (PostgreSQL int4, at most 2,147,483,647): with quantities within
 * 1..MAX_LINE_QUANTITY, at most MAX_CART_LINES lines and every amount (unit price, line, cart
 * total) within MAX_MINOR_AMOUNT, no product or sum the server computes can come near that limit
 * (99 × 50 × 10^8 < 2^53, and nothing above 10^8 is ever written).
 */

/** Units of one article in one cart line. */
export const MAX_LINE_QUANTITY = 99

/** Lines in one cart (e-shop order, booking payment). */
export const MAX_CART_LINES = 50

/** The largest amount anywhere (a price, a line, a cart, a refund): 1,000,000.00 in cents. */
export const MAX_MINOR_AMOUNT = 100_000_000

/** The int4 column limit the bounds keep us under (documentation and tests). */
export const INT4_MAX = 2_147_483_647

/** A line quantity the server accepts: an integer within 1..MAX_LINE_QUANTITY. */
export function isLineQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY
}

/** An amount within 0..MAX_MINOR_AMOUNT, integer minor units. */
export function isBoundedAmount(amount: number): boolean {
  return Number.isInteger(amount) && amount >= 0 && amount <= MAX_MINOR_AMOUNT
}
