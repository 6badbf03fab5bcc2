import { baseFor } from '#api/config'
import { buildHeaders } from '#api/headers'
import { type Api, createApi, getCompanyToken, resolveConfig } from '#api/index'
import type { CallDef } from '#contract/call'
import { createApiContextStore } from '#stores/api-context'
import { session } from '#stores/browser'
import { leaveForSiteState } from './site-state-redirect'

/**
 * The API client every island shares (docs/product/7-calls.md headers from the session stores, docs/product/8-errors.md
 * normalisation). The company token is written on <html data-company-token> by the build; a page
 * without it (an older build) asks the API once by host and keeps the answer for the tab.
 * Calls go to the same origin, where the sites server proxies /api (PUBLIC_API_URL overrides).
 */
const TOKEN_KEY = 'company-token'

function pageLocale(): string {
  return typeof document === 'undefined' ? 'fr' : document.documentElement.lang.slice(0, 2) || 'fr'
}

function writtenToken(): string | null {
  if (typeof document === 'undefined') return null
  return document.documentElement.dataset.companyToken || sessionStorage.getItem(TOKEN_KEY)
}

const $context = createApiContextStore({
  config: resolveConfig(import.meta.env),
  companyToken: writtenToken() ?? '',
  curlang: pageLocale(),
  $session: session.$session,
  // docs/product/4-states.md auto-login: a failed sign-in check logs out
  onCustomerSignOut: () => session.logout('customer'),
  onProviderSignOut: () => session.logout('provider'),
})

let token: Promise<string> | null = null

/**
 * The company token of this site, fetched by host only when the page does not carry it. A token
 * that cannot be had puts the site in maintenance (docs/product/4-states.md): the visitor goes
 * to the company's maintenance page.
 */
export function companyToken(): Promise<string> {
  const written = writtenToken()
  if (written) return Promise.resolve(written)
  token ??= getCompanyToken({ ...$context.get() }, location.hostname).then(
    (value) => {
      sessionStorage.setItem(TOKEN_KEY, value)
      return value
    },
    (error: unknown) => {
      leaveForSiteState(error, 'companyToken')
      throw error
    },
  )
  return token
}

// A page without the token asks for it as soon as an island starts, so its calls carry it.
if (typeof document !== 'undefined' && !writtenToken()) companyToken().catch(() => undefined)

/** A client whose every call carries the current session and the company token. */
export const islandApi: Api = createApi(() => ({
  ...$context.get(),
  companyToken: writtenToken() ?? $context.get().companyToken,
}))

/**
 * Where and with which headers islandApi would send `def`, for an answer the island reads itself:
 * the studio's live agenda stream (docs/decisions/075-studio-live-agenda.md).
 */
export function islandRequest(def: Pick<CallDef, 'group' | 'auth' | 'path'>): {
  url: string
  headers: Headers
} {
  const context = { ...$context.get(), companyToken: writtenToken() ?? $context.get().companyToken }
  const headers = buildHeaders(context, def, false)
  headers.set('accept', 'text/event-stream')
  return { url: `${baseFor(context.config, def.group, 'browser')}${def.path}`, headers }
}
