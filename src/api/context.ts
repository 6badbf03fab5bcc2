import type { ApiConfig, Side } from './config'
import { detectSide, resolveConfig } from './config'

/**
 * The per-request state that docs/product/7-calls.md turns into headers. A plain object so the session stores
 * (docs/product/4-states.md), the build and the tests can all produce one without depending on each other.
 */
export interface ApiContext {
  readonly config: ApiConfig
  /** Picks the public or the server-side base (config.ts). */
  readonly side: Side
  /** Sent as the `company` header on every call but bookingAdmin and stats. */
  readonly companyToken?: string | null | undefined
  /** Sent as the `curlang` header; the base locale when unset. */
  readonly curlang?: string | undefined
  readonly customerToken?: string | null | undefined
  /** Wins over the customer token when both exist (docs/product/4-states.md). */
  readonly providerToken?: string | null | undefined
  /** The `previewtheme` header value while a theme is previewed. */
  readonly previewTheme?: string | null | undefined
  /** Injectable so a host without a global fetch, or one with a custom agent, can be used. */
  readonly fetch?: typeof fetch | undefined
  /** Where swallowed errors go (docs/product/8-errors.md "only logged"); console.warn when unset. */
  readonly report?: ((error: unknown, call: string) => void) | undefined
  /** Called when the customer sign-in check fails (docs/product/4-states.md auto-login logs out). */
  readonly onCustomerSignOut?: (() => void) | undefined
  /** Same for the provider session. */
  readonly onProviderSignOut?: (() => void) | undefined
}

/**
 * Either a fixed context or a getter read at every call, so one client built at island start
 * follows the session stores as they change.
 */
export type ContextSource = ApiContext | (() => ApiContext)

export function readContext(source: ContextSource): ApiContext {
  return typeof source === 'function' ? source() : source
}

export const BASE_LOCALE = 'fr'

/** A context from environment variables, for scripts and the build. */
export function contextFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  extra: Omit<ApiContext, 'config' | 'side'> & { side?: Side } = {},
): ApiContext {
  return { config: resolveConfig(env), side: extra.side ?? detectSide(), ...extra }
}

/** The bearer of docs/product/7-calls.md: the provider token wins when both sessions exist (docs/product/4-states.md). */
export function bearerOf(ctx: ApiContext): string | undefined {
  return ctx.providerToken || ctx.customerToken || undefined
}

/** A copy with some fields replaced, e.g. loadCompany with a freshly obtained token. */
export function withContext(source: ContextSource, patch: Partial<ApiContext>): () => ApiContext {
  return () => ({ ...readContext(source), ...patch })
}
