import { atom } from 'nanostores'
import { type Api, createApi, resolveConfig } from '#api/index'

/**
 * The platform screen's client (docs/decisions/085-company-creation.md): no company header, the
 * administrator's bearer kept for the tab only (session storage), apart from any company user's
 * session of the studio.
 */
const KEY = 'platform-token'

const stored = () => (typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY))

export const $adminToken = atom<string | null>(stored())

export function keepAdminToken(token: string | null): void {
  if (token) sessionStorage.setItem(KEY, token)
  else sessionStorage.removeItem(KEY)
  $adminToken.set(token)
}

export const platformApi: Api = createApi(() => ({
  config: resolveConfig(import.meta.env),
  side: 'browser',
  curlang: document.documentElement.lang.slice(0, 2),
  providerToken: $adminToken.get(),
  // an administrator's session that ended: sign in again
  onProviderSignOut: () => keepAdminToken(null),
}))
