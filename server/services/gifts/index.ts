/**
 * Gift vouchers. What the payments part calls, inside its own transaction `tx`
 * (signatures are stable; amounts are integer minor units):
 *
 * - priceGiftPurchase(company, purchase) → amountCents
 *     the checks of a purchase (gifts on with a theme, themeId one of booker.gifts.themes,
 *     GIFT_MIN_CENTS <= amount <= GIFT_MAX_CENTS); 400 giftsDisabled / unknownGiftTheme /
 *     invalidGiftAmount. Nothing written: use it to price POST /api/payment/initialize.
 * - createPendingGift(tx, {company, purchase, cartId?, shopId?, purchaserCustomerId?,
 *     purchaserEmail?, fromName?}) → GiftRow
 *     a 'pending' voucher bound to the cart (create the cart first: foreign key), with its code.
 * - activateGift(tx, {companyId, giftId, now?}) → GiftRow | undefined
 *   activateCartGifts(tx, {companyId, cartId, now?}) → GiftRow[]
 *     payment succeeded: active, valid 12 months, code e-mailed to the recipient (outbox row in
 *     the same transaction). Idempotent (an active voucher is returned unchanged, no 2nd e-mail).
 * - cancelPendingGifts(tx, {companyId, cartId, now?})
 *     payment failed or abandoned: its pending vouchers become 'cancelled'.
 * - redeemGift(tx, {companyId, code, amount, cartId?, bookingOrderId?, by?, now?})
 *     → {giftId, applied, remaining}
 *     a voucher pays up to `amount` (applied = min(amount, remaining)); row locked FOR UPDATE,
 *     never below zero. Once per cart: the same cart again returns what it already took.
 *     Refusals (ApiError): 404 giftNotFound (unknown, unpaid, cancelled), 409 giftUsed
 *     (nothing left), 409 giftExpired, 400 invalidInput (amount not a positive integer).
 * - refundCartRedemptions(tx, {companyId, cartId, by?, now?}) → cents given back
 *     a failed, cancelled or refunded payment gives its vouchers back what it took (idempotent).
 *
 * - holdGiftForRefund(tx, {companyId, cartId, amountCents}) → boolean; releaseGiftHold(db, same);
 *   recordGiftWithdrawal(tx, {companyId, cartId, amountCents, held, by})
 *     a voucher's purchase refunded: what is given back leaves the voucher (409 refundTooLarge
 *     beyond what is left on it), back on it if the provider fails, a 'cancel' movement kept.
 *
 * Lock order: redeemGift locks one voucher row; a cart paid with several vouchers should redeem
 * them in code order so two such payments cannot deadlock.
 */

export {
  activateCartGifts,
  activateGift,
  cancelPendingGifts,
} from './activate.ts'
export { displayGiftCode, GIFT_CODE_ALPHABET, normaliseGiftCode } from './code.ts'
export {
  createPendingGift,
  type GiftPurchase,
  priceGiftPurchase,
} from './purchase.ts'
export { customerGifts, findGiftByCode, giftUsesForService } from './queries.ts'
export {
  assertGiftCanPay,
  giftNotFound,
  giftSpent,
  redeemGift,
} from './redeem.ts'
export { refundCartRedemptions } from './refund.ts'
export { resendGift } from './resend.ts'
export { giftView, isUsable } from './view.ts'
export { holdGiftForRefund, recordGiftWithdrawal, releaseGiftHold } from './withdraw.ts'
