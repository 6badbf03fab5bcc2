/**
 * What the header and drawer account menus need before any framework loads: whether a customer
 * token is stored (docs/product/4-states.md: local storage under the auth key, or the 30-day cookie), and which
 * entries to show (docs/product/2-screens.md Header and Drawer, docs/product/6-roles.md roles). No imports: the menu script ships on
 * every page, so it must stay a few hundred bytes for a signed-out visitor.
 */
export const CUSTOMER_AUTH_KEY = 'auth.customer'

export function hasCustomerToken(
  cookie: string,
  storageItem: (key: string) => string | null,
): boolean {
  let stored: string | null = null
  try {
    stored = storageItem(CUSTOMER_AUTH_KEY)
  } catch {
    stored = null
  }
  if (stored) return true
  return cookie.split(';').some((part) => {
    const eq = part.indexOf('=')
    return (
      eq > 0 && part.slice(0, eq).trim() === CUSTOMER_AUTH_KEY && part.slice(eq + 1).trim() !== ''
    )
  })
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
 * Header (docs/product/2-screens.md): signed in shows account, orders, loyalty, shop orders (shop on), logout;
 * signed out login and register. Drawer: loyalty only when the customer has a card.
 */
export function accountEntries(state: MenuState, where: 'menu' | 'drawer'): AccountEntry[] {
  if (!state.signedIn) return ['login', 'register']
  const loyalty = where === 'menu' || state.hasLoyaltyCard === true
  return [
    'account',
    'orders',
    ...(state.shopOn ? (['eshoporders'] as const) : []),
    ...(loyalty ? (['loyalty'] as const) : []),
    'logout',
  ]
}
