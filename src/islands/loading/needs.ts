import { BOOKING_CART_KEY, CONSENT_COOKIE, ESHOP_CART_COOKIE } from '../../stores/keys'

/**
 * The cheap checks the `client:when-needed` directive runs before React is downloaded
 * (decision 007). Each reads a cookie or local storage only: no framework, no store.
 */
export type Need = 'consent' | 'cart' | 'booking-cart'

export interface NeedEnv {
  cookie: string
  search: string
  framed: boolean
  storageItem(key: string): string | null
}

function hasCookie(header: string, name: string): boolean {
  return header.split(';').some((part) => {
    const [key, value] = part.split('=')
    return key?.trim() === name && (value ?? '').trim() !== ''
  })
}

const CHECKS: Readonly<Record<Need, (env: NeedEnv) => boolean>> = {
  // the dialog shows until a preference is saved, and never in theme preview (spec §2)
  consent: (env) =>
    !hasCookie(env.cookie, CONSENT_COOKIE) &&
    !env.framed &&
    !new URLSearchParams(env.search).has('previewtheme'),
  cart: (env) => hasCookie(env.cookie, ESHOP_CART_COOKIE),
  'booking-cart': (env) => (env.storageItem(BOOKING_CART_KEY) ?? '') !== '',
}

export function isNeed(value: string): value is Need {
  return value in CHECKS
}

/** `value` is the directive's attribute: needs separated by commas, any one suffices. */
export function needed(value: string, env: NeedEnv): boolean {
  return value
    .split(',')
    .map((part) => part.trim())
    .some((need) => isNeed(need) && CHECKS[need](env))
}

/** Another script (an add-to-cart) asks the islands waiting on `need` to mount now. */
export const NEED_EVENT = 'island:need'

/** Call after writing state an inert island waits for, e.g. `announceNeed('cart')` on add-to-cart. */
export function announceNeed(need: Need): void {
  window.dispatchEvent(new CustomEvent(NEED_EVENT, { detail: need }))
}
