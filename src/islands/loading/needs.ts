import { BOOKING_CART_KEY, CONSENT_COOKIE, ESHOP_CART_COOKIE } from '#stores/keys'

/**
 * The cheap checks the `client:when-needed` directive runs before React is downloaded
 * (decision 007). Each reads a cookie or local storage only: no framework, no store.
 */
export type Need = 'consent' | 'cart' | 'booking-cart' | 'reserve'

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

/**
 * What the bell carries (Header.astro `data-notices`): the start and end instants (ms) of the
 * events and alerts that had not ended at build time, alerts with their id.
 */
export interface NoticeTimes {
  events: [number, number][]
  alerts: [string, number, number][]
}

export interface NoticesDue {
  /** current events (docs/product/4-states.md: now strictly between start and end) */
  events: number
  /** ids of the current alerts */
  alerts: string[]
}

const isCurrent = (start: unknown, end: unknown, now: number) =>
  typeof start === 'number' && typeof end === 'number' && start < now && now < end

/**
 * The current events and alerts by the visitor's clock, from the bell's data attribute: the
 * notices script (and /notices.json) is fetched only when something is current.
 */
export function noticesDue(value: string | undefined, now: number): NoticesDue {
  let times: Partial<NoticeTimes> = {}
  try {
    const parsed: unknown = JSON.parse(value ?? '{}')
    if (parsed && typeof parsed === 'object') times = parsed as Partial<NoticeTimes>
  } catch {
    // an unreadable attribute shows nothing
  }
  const events = Array.isArray(times.events) ? times.events : []
  const alerts = Array.isArray(times.alerts) ? times.alerts : []
  return {
    events: events.filter((item) => Array.isArray(item) && isCurrent(item[0], item[1], now)).length,
    alerts: alerts
      .filter((item) => Array.isArray(item) && isCurrent(item[1], item[2], now))
      .map((item) => String(item[0])),
  }
}

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
 * The events dialog opens on load (docs/product/4-states.md) when events are current: on the home page (the
 * landing page, `home`), once per visit (tab session, `shown`), never over the unanswered cookie
 * dialog nor in theme preview. Elsewhere the bell opens it.
 */
export function eventsOnLoad(
  due: NoticesDue,
  env: NeedEnv & { shown: boolean; home: boolean },
): boolean {
  return (
    due.events > 0 &&
    env.home &&
    !env.shown &&
    !needed('consent', env) &&
    !env.framed &&
    !new URLSearchParams(env.search).has('previewtheme')
  )
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
