import { atom, type ReadableAtom } from 'nanostores'
import { COOKIE_LIFETIME_S } from '#contract/constants'
import type { CookieJar, KeyValueStorage } from './cookie-jar'

/**
 * Customer and provider sessions (docs/product/4-states.md). A token is kept twice: in local storage under the
 * auth key of its type, and in a cookie (customer: 30 days; provider: a session cookie). At
 * startup only one type is restored, customer first; requests prefer the provider token.
 */
export type SessionType = 'customer' | 'provider'

export const AUTH_KEY: Readonly<Record<SessionType, string>> = {
  customer: 'auth.customer',
  provider: 'auth.provider',
}

export interface SessionState {
  type: SessionType | null
  customerToken: string | null
  providerToken: string | null
  /** The profile and loyalty card as loaded by the account islands; opaque to the store. */
  customer: unknown
  loyaltyCard: unknown
}

const SIGNED_OUT: SessionState = {
  type: null,
  customerToken: null,
  providerToken: null,
  customer: null,
  loyaltyCard: null,
}

export interface SessionDeps {
  storage: KeyValueStorage
  jar: CookieJar
}

function storedToken(deps: SessionDeps, type: SessionType): string | null {
  return deps.storage.getItem(AUTH_KEY[type]) || deps.jar.get(AUTH_KEY[type]) || null
}

/** Startup restore: the customer token if any, else the provider token, never both. */
export function restoreSession(deps: SessionDeps): SessionState {
  const customerToken = storedToken(deps, 'customer')
  if (customerToken) return { ...SIGNED_OUT, type: 'customer', customerToken }
  const providerToken = storedToken(deps, 'provider')
  if (providerToken) return { ...SIGNED_OUT, type: 'provider', providerToken }
  return SIGNED_OUT
}

export interface SessionStore {
  readonly $session: ReadableAtom<SessionState>
  signIn(type: SessionType, token: string): void
  setCustomer(customer: unknown, loyaltyCard?: unknown): void
  /** Clears the token, the customer and the loyalty card (docs/product/4-states.md). */
  logout(type?: SessionType): void
}

export function createSessionStore(deps: SessionDeps): SessionStore {
  const $session = atom<SessionState>(restoreSession(deps))
  const tokenField = (type: SessionType) =>
    type === 'customer' ? ('customerToken' as const) : ('providerToken' as const)
  return {
    $session,
    signIn: (type, token) => {
      deps.storage.setItem(AUTH_KEY[type], token)
      const maxAge = type === 'customer' ? { maxAge: COOKIE_LIFETIME_S.customerAuth } : {}
      deps.jar.set(AUTH_KEY[type], token, maxAge)
      $session.set({ ...$session.get(), type, [tokenField(type)]: token })
    },
    setCustomer: (customer, loyaltyCard = null) =>
      $session.set({ ...$session.get(), customer, loyaltyCard }),
    logout: (type) => {
      const current = $session.get()
      const which = type ?? current.type ?? 'customer'
      deps.storage.removeItem(AUTH_KEY[which])
      deps.jar.remove(AUTH_KEY[which])
      const rest = { ...current, [tokenField(which)]: null, customer: null, loyaltyCard: null }
      const other = which === 'customer' ? rest.providerToken : rest.customerToken
      const otherType: SessionType = which === 'customer' ? 'provider' : 'customer'
      $session.set({ ...rest, type: other ? otherType : null })
    },
  }
}
