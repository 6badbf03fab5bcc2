import type { CallEntry } from '#contract/calls/index.ts'
import type { ApiApp } from '#server/http/types.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { callKey } from './bad-input-cases.ts'

/**
 * Which calls of the contract the server registers, read from the app's own route table (the
 * `extend` hook runs after every resource registered its routes), not guessed from a 404.
 */

/**
 * Calls the server may leave out for now, each with its reason. Empty: every call of
 * src/contract/calls must be served. An entry for a call that is served fails the test too,
 * so the list never outlives its reason.
 */
export const ALLOWED_UNIMPLEMENTED: Readonly<Record<string, string>> = {}

export interface ServedApi {
  readonly t: TestApi
  /** `METHOD path` of every route the app registered. */
  readonly routes: ReadonlySet<string>
}

/** The test API (fixture tenants, PGlite or TEST_DATABASE_URL) with its route table. */
export async function startServedApi(): Promise<ServedApi> {
  let app: ApiApp | undefined
  const t = await startTestApi({
    extend: (registered) => {
      app = registered
    },
  })
  const routes = new Set((app?.routes ?? []).map((route) => `${route.method} ${route.path}`))
  return { t, routes }
}

export const isServed = (routes: ReadonlySet<string>, entry: CallEntry) =>
  routes.has(`${entry.def.method} ${entry.def.path}`)

/** Calls neither served nor allowed to be missing, and allowances that have gone stale. */
export function registrationProblems(
  routes: ReadonlySet<string>,
  entries: readonly CallEntry[],
): { missing: string[]; staleAllowances: string[] } {
  const missing: string[] = []
  const staleAllowances: string[] = []
  for (const entry of entries) {
    const label = `${callKey(entry)} ${entry.def.method} ${entry.def.path}`
    const allowed = callKey(entry) in ALLOWED_UNIMPLEMENTED
    if (!isServed(routes, entry) && !allowed) missing.push(label)
    if (isServed(routes, entry) && allowed) staleAllowances.push(label)
  }
  return { missing, staleAllowances }
}
