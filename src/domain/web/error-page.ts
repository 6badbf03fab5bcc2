/**
 * Which error page a failure shows (docs/product/2-screens.md error pages, docs/product/8-errors.md
 * pages): a company error (the company token names no company) says the company is not
 * registered and offers no link back, there being no site to go back to; a 404 says the page was
 * not found; anything else is the generic error with its status, 500 when it has none
 * (docs/decisions/064-error-page-preview-and-shop-times.md).
 */

export type ErrorPageKind = 'company' | 'notFound' | 'generic'

export interface ErrorPage {
  readonly kind: ErrorPageKind
  /** the big number of the page */
  readonly status: number
  readonly backLink: boolean
}

/** The error types that mean "no such company": the spec's and the API's (docs/api/errors.md). */
const COMPANY_ERROR_TYPES: ReadonlySet<string> = new Set(['company_error', 'societyNotRegister'])

const DEFAULT_STATUS = 500

/** A status the page can show: an HTTP error status, else 500. */
function shownStatus(status: number | undefined): number {
  return status !== undefined && Number.isInteger(status) && status >= 400 && status <= 599
    ? status
    : DEFAULT_STATUS
}

export function errorPage(failure: {
  status?: number | undefined
  type?: string | undefined
}): ErrorPage {
  const status = shownStatus(failure.status)
  if (failure.type !== undefined && COMPANY_ERROR_TYPES.has(failure.type)) {
    return { kind: 'company', status, backLink: false }
  }
  return { kind: status === 404 ? 'notFound' : 'generic', status, backLink: true }
}
