/**
 * The pricing module's one entry (docs/decisions/069-server-modules.md): what a line and a cart
 * are charged, computed here and nowhere else: the catalogue's price at the shop
 * (shop price, week price: src/domain/catalog/unit-price.ts), the coupon, the gift vouchers and
 * the VAT. Payments, the coupon route and anyone quoting a price ask it.
 */
export { applyCoupon } from './apply-coupon.ts'
export { type ChargedLine, chargeLines } from './lines.ts'
export { type PricedCart, priceCart, pricingRecord } from './price-cart.ts'
