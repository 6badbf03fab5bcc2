/**
 * Cookie and storage names, kept free of imports so the lazy-mount directive (inlined in every
 * page) can read them without bundling nanostores.
 */
export const CONSENT_COOKIE = 'preference-set'
export const ESHOP_CART_COOKIE = 'eshop-cart'
export const ESHOP_SHOP_COOKIE = 'eshop-shop'
export const BOOKING_CART_KEY = 'booking-cart'
