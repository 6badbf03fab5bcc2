/**
 * E-shop orders and stock. What the payments part calls inside its transaction `tx`
 * (signatures are stable; amounts are integer minor units; lines are {articleId, quantity}):
 *
 * - createEshopOrder(tx, {companyId, customerId, shopId, lines, cartId?, currency?,
 *     discountCents?, now?}) → {order: EshopOrderRow, lines: EshopOrderLineRow[]}
 *     a 'pending' order priced from the catalogue (client prices never enter) AND the stock of
 *     its tracked products taken, in the caller's transaction. Use order.totalCents as the
 *     amount to charge. Refusals (ApiError): 400 emptyOrder / invalidInput (quantity outside
 *     1..99, docs/product/9-constants.md#money-bounds), 404 notFound (shop or product unknown,
 *     draft, not a product), 409 outOfStock. Create the cart first when passing cartId (foreign
 *     key).
 * - reserveStock(tx, {companyId, shopId, lines}) / releaseStock(tx, {companyId, shopId, lines})
 *     the stock half alone (createEshopOrder already reserves: do not call both).
 * - markEshopOrderPaid(tx, {companyId, orderId} | {companyId, cartId}, now?) → row | undefined
 *     pending → paid, idempotent. Then credit loyalty (services/loyalty creditLoyalty with
 *     sourceKind 'eshop' and the order id).
 * - cancelEshopOrder(tx, same ref) → row | undefined
 *     pending → cancelled and its units back in stock, once.
 * - stockLevel(db, companyId, articleId, shopId?) → units (UNKNOWN_STOCK when not tracked, 0
 *     when not a product of the company).
 *
 * Tracking: a product is tracked when its booker.enableStock is set; its units are rows of the
 * stock table per (shop, product), and a shop without a row has none to sell.
 */

export { createEshopOrder } from './create-order.ts'
export {
  cancelEshopOrder,
  eshopOrderOf,
  markEshopOrderPaid,
} from './order-status.ts'
export { productStock, setProductStock } from './shop-stock.ts'
export { stockLevel } from './stock.ts'
export { customerEshopOrders } from './view.ts'
