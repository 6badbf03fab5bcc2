import { BOOKING_CART_KEY, CONSENT_COOKIE, ESHOP_CART_COOKIE } from '#stores/keys'

/**
 * The cheap checks the `client:when-needed` directive runs before React is downloaded
 * (decision 007). Each reads a cookie or local storage only: no framework, no store.
 */
export type Need = 'consent' | 'answered' | 'cart' | 'booking-cart' | 'reserve'

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
  // the dialog shows until a preference is saved, and never in theme preview (docs/product/2-screens.md)
  consent: (env) =>
    !hasCookie(env.cookie, CONSENT_COOKIE) &&
    !env.framed &&
    !new URLSearchParams(env.search).has('previewtheme'),
  // the cookie dialog answered: not a first visit's first page, whose budget waits for it
  // (docs/decisions/058-consent-first-visit.md; announced when the banner is answered)
  answered: (env) => hasCookie(env.cookie, CONSENT_COOKIE),
  cart: (env) => hasCookie(env.cookie, ESHOP_CART_COOKIE),
  'booking-cart': (env) => (env.storageItem(BOOKING_CART_KEY) ?? '') !== '',
  // the service detail's booking step (docs/product/2-screens.md ?page=reserved)
  reserve: (env) => new URLSearchParams(env.search).get('page') === 'reserved',
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

// ---- Vanilla page needs (decision 008): no framework is loaded unless these hold. ------------

/** The alerts' ids already opened (local storage ALERTS_OPENED_KEY), JSON array or nothing. */
export function openedAlerts(stored: string | null): Set<string> {
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]')
    return new Set(Array.isArray(parsed) ? parsed.map(String) : [])
  } catch {
    return new Set()
  }
}

/** The bell's badge shows while a current alert has not been opened (docs/product/4-states.md). */
export function unreadAlerts(current: readonly string[], opened: ReadonlySet<string>): string[] {
  return current.filter((id) => !opened.has(id))
}

export const ALERTS_OPENED_KEY = 'alerts-opened'
/** The events dialog opened on load in this tab (session storage): once per visit. */
export const EVENTS_SHOWN_KEY = 'events-shown'
export const COUPON_DISMISSED_COOKIE = 'coupon-dismissed'

/**
 * The events dialog opens on load (docs/product/4-states.md "Events and alerts") when events are
 * current, on any page, once per visit (tab session, `shown`), after the cookie dialog's answer
 * (the notices wait for it, and the dialog queue holds until then: src/scripts/dialogs,
 * docs/decisions/058-consent-first-visit.md); never in theme preview, where the back office
 * shows the theme.
 */
export function eventsOnLoad(
  currentEvents: number,
  env: Pick<NeedEnv, 'search' | 'framed'> & { shown: boolean },
): boolean {
  return currentEvents > 0 && !env.shown && !previewActive(env)
}

/**
 * Coupon pop-up (docs/product/4-states.md): on home when enabled and not dismissed within the day; like the events
 * dialog, never over the unanswered cookie dialog (a modal would make it unreachable).
 */
export function couponNeeded(env: Pick<NeedEnv, 'cookie' | 'search' | 'framed'>): boolean {
  return (
    hasCookie(env.cookie, CONSENT_COOKIE) &&
    !hasCookie(env.cookie, COUPON_DISMISSED_COOKIE) &&
    !env.framed &&
    !new URLSearchParams(env.search).has('previewtheme')
  )
}

/** Theme preview (docs/product/4-states.md, docs/product/8-errors.md): the back office frames the site or adds ?previewtheme. */
export function previewActive(env: Pick<NeedEnv, 'search' | 'framed'>): boolean {
  return env.framed || new URLSearchParams(env.search).has('previewtheme')
}
