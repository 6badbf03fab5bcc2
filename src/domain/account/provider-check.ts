/**
 * Whether a failed start-up check of a restored provider session ends it
 * (docs/decisions/063-last-partial-rows-of-the-api.md). The API answering with a refusal (401
 * unknown or revoked token, a customer's token, another company's user; 403; 404 a deleted
 * user) means the token names nobody here, and an answer that is not a user (a success status
 * whose body failed the schema) is the spec's "missing user": both log out. No answer, a server error,
 * a timeout (408) or a rate limit (429) say nothing about the token: the session stays for this
 * page and the next page checks again, so a back-office user previewing a site is not signed
 * out by a network blip.
 */
export function providerCheckEndsSession(status: number | undefined): boolean {
  if (status === undefined) return false
  if (status === 408 || status === 429) return false
  return status >= 200 && status < 500
}
