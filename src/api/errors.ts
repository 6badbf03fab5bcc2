import { SERVICE_UNAVAILABLE } from '#contract/error'

/**
 * The normalised error of docs/product/8-errors.md: every failure of a call reaches the caller as an ApiError
 * with a numeric code, the API's `type` and a message, whatever the service answered. Reading
 * the body per service group lives in error-body.ts. The messages are for logs and tests (the
 * API's are English): visitors read the words src/i18n/error-messages.ts gives code and type.
 */

/** docs/product/8-errors.md: no response at all. */
export const UNAVAILABLE = SERVICE_UNAVAILABLE

/** A body that is not JSON, or JSON that does not match the call's response schema. */
export const INVALID_RESPONSE = { code: 502, message: 'Réponse invalide du service.' } as const

/** The caller's own input failed the call's schemas: nothing was sent. */
export const INVALID_REQUEST = { code: 400, message: 'Requête invalide.' } as const

/** The message of an error response that carries none. */
export const GENERIC_MESSAGE = 'Une erreur est survenue.'

export interface ApiErrorOptions {
  /** HTTP status; absent when no response came back. */
  readonly status?: number | undefined
  /** What the error was made from: the response body, the zod issues or the transport error. */
  readonly raw?: unknown
  /** A kind for the error page (docs/product/8-errors.md 'company_error', docs/product/4-states.md 'maintenance'). */
  readonly type?: string | undefined
}

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly code: number
  readonly status: number | undefined
  readonly raw?: unknown
  readonly type: string | undefined

  constructor(code: number, message: string, options: ApiErrorOptions = {}) {
    super(message)
    this.code = code
    this.status = options.status
    if ('raw' in options) this.raw = options.raw
    this.type = options.type
  }

  /** True when the service never answered (docs/product/8-errors.md "with no response"). */
  get noResponse(): boolean {
    return this.status === undefined && this.code === UNAVAILABLE.code
  }
}

export function unavailable(cause: unknown): ApiError {
  return new ApiError(UNAVAILABLE.code, UNAVAILABLE.message, { raw: cause })
}

export function invalidResponse(status: number, raw: unknown): ApiError {
  return new ApiError(INVALID_RESPONSE.code, INVALID_RESPONSE.message, { status, raw })
}

export function invalidRequest(raw: unknown): ApiError {
  return new ApiError(INVALID_REQUEST.code, INVALID_REQUEST.message, { raw })
}

/**
 * What the bookingAdmin and stats groups throw on an error status instead of an ApiError
 * (docs/product/8-errors.md "rethrow the raw error"): the status and the body exactly as received. Transport
 * failures of those groups are rethrown as fetch raised them.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`)
  }
}
