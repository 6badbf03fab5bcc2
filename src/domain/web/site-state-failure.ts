/**
 * Which failed calls change the state of the whole site (docs/product/4-states.md site states,
 * docs/product/8-errors.md): a company token that cannot be obtained puts the site in
 * maintenance; a call refused because the page's token names no company shows the company error; shop data that cannot be loaded because the API is
 * overloaded or unreachable puts it in the overloaded state (/waiting). Any other failure stays
 * with the screen that made the call.
 */

/** What the rule reads of a failed call: the normalised code, the HTTP status (none without an answer) and the type. */
export interface CallFailure {
  readonly code: number
  readonly status: number | undefined
  readonly type: string | undefined
}

export type FailureKind = 'companyToken' | 'shopData'
/**
 * `unregistered`: a call refused because the token the page carries names no company (the
 * company was removed since the build): the company error page, not maintenance, since no
 * company will come back online (docs/decisions/064-error-page-preview-and-shop-times.md).
 */
export type SiteStateAfterFailure = 'maintenance' | 'unregistered' | 'overloaded' | null

/** The answers of an API (or the proxy in front of it) that cannot serve now. */
const OVERLOAD_STATUSES: ReadonlySet<number> = new Set([502, 503, 504])

/** The API's type for a company header that names no company. */
const UNKNOWN_COMPANY = 'societyNotRegister'

/** No answer at all: the client's 503 without an HTTP status. */
function noAnswer(failure: CallFailure): boolean {
  return failure.status === undefined && failure.code === 503
}

/** A failed load of shop data that counts as overload: a 502, 503 or 504, or no answer. */
export function isOverload(failure: CallFailure): boolean {
  return (
    noAnswer(failure) || (failure.status !== undefined && OVERLOAD_STATUSES.has(failure.status))
  )
}

export function siteStateAfterFailure(
  kind: FailureKind,
  failure: CallFailure,
): SiteStateAfterFailure {
  if (kind === 'companyToken') return 'maintenance'
  if (failure.type === UNKNOWN_COMPANY) return 'unregistered'
  return isOverload(failure) ? 'overloaded' : null
}
