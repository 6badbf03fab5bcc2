/**
 * Loyalty cards. What the payments part calls inside its transaction `tx`:
 *
 * - creditLoyalty(tx, {companyId, customerId, orderId, amountCents, sourceKind?, by?, now?})
 *     → {cardNumber, credited, points} | undefined
 *     a paid order earns floor(amountCents / 100) × pointsPerEuro points of the active
 *     programme, on the customer's card (created on the first paid order). Idempotent per
 *     (customer, sourceKind, orderId): a repeated callback credits 0. Undefined when the
 *     company has no active programme or the amount is under one currency unit. sourceKind
 *     defaults to 'booking'; pass 'eshop' for e-shop orders. Call it for paid orders of a
 *     signed-in customer only (a visitor has no card).
 *
 * - debitLoyaltyForRefund(tx, {companyId, customerId, orderId, sourceKind, paidCents,
 *     refundedCents, by?, now?}) → {cardNumber, debited, shortfall, points} | undefined
 *     a refund takes back the points its part earned: the order's refunds owe
 *     floor(earned × refundedCents / paidCents) in all (refundedCents: everything refunded of
 *     the payment so far, this refund included), never below zero on the card (the points
 *     already spent are the movement's shortfall). Call it in the refund's transaction.
 *
 * Routes: currentCard (GET /api/loyalty/current), exchangeTier (POST /api/loyalty/exchange).
 */
export { cardView, findCard } from './card.ts'
export { creditLoyalty } from './credit.ts'
export { exchangeTier } from './exchange.ts'
export { activeProgram } from './program.ts'
export { debitLoyaltyForRefund } from './refund.ts'
