import type { ServiceGroup } from '#contract/call'

/**
 * The back-end addresses of docs/product/7-calls.md "Base addresses". Every path of the contract already starts
 * with its own prefix (`/api/...`, `/bookingOrder/...`), so a base is an origin, never a path:
 * '' means same origin (the browser goes through the `/api` proxy of the serve process).
 */
export type BaseName = 'api' | 'vault' | 'passport' | 'storage' | 'stats'

export type Bases = Readonly<Record<BaseName, string>>

export interface ApiConfig {
  /** What the islands use, in the browser. */
  readonly bases: Bases
  /**
   * What the build and server-side code use instead of every public base: Node has no page
   * origin to resolve '' against, and the build should reach the API directly, not through
   * the public proxy. All services are one API in this project; a split deployment puts a
   * router at this address.
   */
  readonly serverUrl: string
}

/**
 * Which base answers each service group. `first` is the vault (companies, users, content),
 * `marketplace` and `booking` the main API, `bookingAdmin` and `stats` the statistics API.
 * passport (social login) and storage (media, images) are read by the islands that build
 * those links; no call group maps to them.
 *
 * The bookingAdmin paths have no /api prefix (/bookingOrder/...), so the same-origin default
 * only reaches them where the serve proxy forwards those prefixes; a browser that calls them
 * needs PUBLIC_STATS_URL set to the API's address.
 */
export const GROUP_BASE: Readonly<Record<ServiceGroup, BaseName>> = {
  first: 'vault',
  marketplace: 'api',
  booking: 'api',
  bookingAdmin: 'stats',
  stats: 'stats',
}

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:4322'

/** The variables resolveConfig reads; PUBLIC_ ones are the only ones Astro ships to islands. */
export const CONFIG_VARS = {
  api: 'PUBLIC_API_URL',
  vault: 'PUBLIC_VAULT_URL',
  passport: 'PUBLIC_PASSPORT_URL',
  storage: 'PUBLIC_STORAGE_URL',
  stats: 'PUBLIC_STATS_URL',
  server: 'API_SERVER_URL',
} as const

export type ConfigEnv = Readonly<Record<string, string | undefined>>

// A trailing slash would double the one every contract path starts with.
function clean(value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed.replace(/\/+$/, '') : undefined
}

/**
 * Reads the addresses from an environment (process.env, import.meta.env). The other services
 * default to the main API, which itself defaults to same origin.
 */
export function resolveConfig(env: ConfigEnv): ApiConfig {
  const api = clean(env[CONFIG_VARS.api]) ?? ''
  const other = (name: Exclude<BaseName, 'api'>): string => clean(env[CONFIG_VARS[name]]) ?? api
  return {
    bases: {
      api,
      vault: other('vault'),
      passport: other('passport'),
      storage: other('storage'),
      stats: other('stats'),
    },
    serverUrl: clean(env[CONFIG_VARS.server]) ?? DEFAULT_SERVER_URL,
  }
}

export type Side = 'browser' | 'server'

export function baseFor(config: ApiConfig, group: ServiceGroup, side: Side): string {
  return side === 'server' ? config.serverUrl : config.bases[GROUP_BASE[group]]
}

/** Islands run where `window` exists; the build, SSR and tests do not. */
export function detectSide(): Side {
  return typeof window === 'undefined' ? 'server' : 'browser'
}
