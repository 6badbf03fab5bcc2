/**
 * The hosts of the payment providers whose form is theirs (decision 025), on the paying pages
 * only (hosts.ts PAYMENT_HOSTS, which checks their shape). One place to change when a provider
 * moves.
 */

/** PayZen's krypton client (src/islands/payment/payzen.ts): script, theme, its API and 3-D Secure frame. */
export const PAYZEN_HOSTS = {
  'script-src': ['https://static.payzen.eu'],
  'style-src': ['https://static.payzen.eu'],
  'font-src': ['https://static.payzen.eu'],
  'img-src': ['https://static.payzen.eu'],
  'connect-src': ['https://api.payzen.eu'],
  'frame-src': ['https://api.payzen.eu'],
} as const

/** Saferpay's payment page is a top-level redirect (location.assign), which CSP does not govern. */
export const SAFERPAY_HOSTS = {} as const

/**
 * Monetico: the sealed form posted to its payment page (MONETICO_DEFAULT_URL of
 * server/services/payments/providers/monetico.ts).
 */
export const MONETICO_HOSTS = { 'form-action': ['https://p.monetico-services.com'] } as const
