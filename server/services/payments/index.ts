/**
 * The payments module's one entry (docs/decisions/069-server-modules.md): what the other
 * modules, the routes and the app use of it. Its own files import each other directly.
 */
export { recordShopPayment } from './at-shop.ts'
export { freeCallback } from './callback.ts'
export { paymentConnected, paymentScenario, paymentToken, updateMessage } from './cart-actions.ts'
export { paymentCartLock } from './cart-lock.ts'
export { paymentSettingsOf } from './company-settings.ts'
export { recordDueAtShop } from './desk-due.ts'
export { dueAtShop } from './desk-payment.ts'
export { cartChanged, InvalidNotification, paymentDisabled } from './errors.ts'
export { initializePayment } from './initialize.ts'
export { handleNotification } from './notifications.ts'
export { creditOrder, refundAsCredit, refundToCard } from './order-refunds.ts'
export { payCart, paymentSuccess } from './pay.ts'
export { PENDING_CART_LIMITS } from './pending-carts.ts'
export { moneticoReceipt } from './providers/monetico.ts'
export { resetPaypalTokens } from './providers/paypal-client.ts'
export { providePurpose } from './purposes/index.ts'
export type { PreparedCart, PurposeHandler } from './purposes/types.ts'
export { refundPayment } from './refund.ts'
export { refundBookingOrder } from './refund-booking-order.ts'
export { abandonExpiredCarts } from './sweeper.ts'
