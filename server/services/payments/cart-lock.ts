/**
 * The advisory lock of one cart's payments (succeed.ts): two payments of one cart, a payment
 * and its repeated callback, the sweeper and the shop's record queue on it. It comes before any
 * resource lock in a transaction.
 */
export const paymentCartLock = (cartId: string) => `payment-cart:${cartId}`
