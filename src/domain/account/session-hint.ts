/**
 * What the header and drawer account menus need before any framework loads: whether a customer
 * token is stored (docs/product/4-states.md: local storage under the auth key, or the 30-day cookie), and which
 * entries to show (docs/product/2-screens.md Header and Drawer, docs/product/6-roles.md roles). No imports: the menu script ships on
 * every page, so it must stay a few hundred bytes for a signed-out visitor.
 */
export const CUSTOMER_AUTH_KEY = 'auth.customer'
export const PROVIDER_AUTH_KEY = 'auth.provider'

/** A token of this auth key in local storage, or in a cookie of that name. */
function hasStoredToken(
  key: string,
  cookie: string,
  storageItem: (key: string) => string | null,
): boolean {
  let stored: string | null = null
  try {
    stored = storageItem(key)
  } catch {
    stored = null
  }
  if (stored) return true
  return cookie.split(';').some((part) => {
    const eq = part.indexOf('=')
    return eq > 0 && part.slice(0, eq).trim() === key && part.slice(eq + 1).trim() !== ''
  })
}

export function hasCustomerToken(
  cookie: string,
  storageItem: (key: string) => string | null,
): boolean {
  return hasStoredToken(CUSTOMER_AUTH_KEY, cookie, storageItem)
}

/**
 * The session the page checks at start-up (docs/product/4-states.md: only one type is restored,
 * customer first, then provider; docs/product/7-calls.md Startup checks a provider with
 * GET /api/cmp-users/me): null when neither token is stored.
 */
export function sessionToCheck(
  cookie: string,
  storageItem: (key: string) => string | null,
): 'customer' | 'provider' | null {
  if (hasCustomerToken(cookie, storageItem)) return 'customer'
  return hasStoredToken(PROVIDER_AUTH_KEY, cookie, storageItem) ? 'provider' : null
}

export type AccountEntry =
  | 'login'
  | 'register'
  | 'account'
  | 'orders'
  | 'eshoporders'
  | 'loyalty'
  | 'logout'

export interface MenuState {
  signedIn: boolean
  shopOn: boolean
  /** undefined while unknown (before the card was loaded) */
  hasLoyaltyCard?: boolean | undefined
}

/**
 * Header and drawer (docs/product/2-screens.md, docs/product/6-roles.md): signed in shows account,
 * orders, shop orders (shop on), loyalty only once the customer's card is loaded, logout; signed
 * out login and register.
 */
export function accountEntries(state: MenuState): AccountEntry[] {
  if (!state.signedIn) return ['login', 'register']
  const loyalty = state.hasLoyaltyCard === true
  return [
    'account',
    'orders',
    ...(state.shopOn ? (['eshoporders'] as const) : []),
    ...(loyalty ? (['loyalty'] as const) : []),
    'logout',
  ]
}
