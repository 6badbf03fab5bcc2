/**
 * The start-up check of a restored provider session (docs/product/7-calls.md Startup: GET
 * /api/cmp-users/me with the bearer; docs/decisions/063-last-partial-rows-of-the-api.md). Loaded
 * by the account menu only when a provider token is stored and no customer token is: the client's
 * providerMe logs the provider out through the session's sign-out hook when the API refuses the
 * token, and keeps it when the API could not be asked.
 */
import { islandApi } from '#islands/shared/island-api'

export async function verifyProvider(): Promise<boolean> {
  return (await islandApi.cmpusers.me()) !== null
}
