import { computed, type ReadableAtom } from 'nanostores'
import type { ApiConfig } from '#api/config'
import type { ApiContext } from '#api/context'
import type { SessionState } from './session'

/**
 * The bridge from the stores to src/api: a context rebuilt whenever the session changes, so a
 * client made with `createApi(() => $apiContext.get())` always sends the current tokens
 * (docs/product/7-calls.md headers; bearerOf gives the provider token precedence).
 */
export interface ApiContextInput {
  config: ApiConfig
  companyToken: string
  curlang: string
  $session: ReadableAtom<SessionState>
  onCustomerSignOut?: () => void
  onProviderSignOut?: () => void
}

export function createApiContextStore(input: ApiContextInput): ReadableAtom<ApiContext> {
  return computed(input.$session, (session) => ({
    config: input.config,
    side: 'browser' as const,
    companyToken: input.companyToken,
    curlang: input.curlang,
    customerToken: session.customerToken,
    providerToken: session.providerToken,
    onCustomerSignOut: input.onCustomerSignOut,
    onProviderSignOut: input.onProviderSignOut,
  }))
}
