import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ApiError } from '#api/errors.ts'
import type { ServiceGroup } from '#contract/call.ts'
import { type ApiErrorType, errorBodyFor } from '#contract/error.ts'
import { sqlStateOf } from '#server/db/sql-state.ts'
import { redactPath } from './request-log.ts'

/**
 * A failure as this API reports it (docs/product/8-errors.md). It is the one ApiError of
 * src/api/errors.ts, the class the client hands its callers, built the way the server knows a
 * refusal: the HTTP status, which is also the numeric `code` of the body (src/contract/error.ts),
 * a stable `type` naming the reason (invalidJson, invalidInput, companyRequired,
 * societyNotRegister, invalidToken...) and a readable message. Tests on either side switch on
 * `type`.
 */
export class Refusal extends ApiError {
  declare readonly status: ContentfulStatusCode
  declare readonly type: ApiErrorType
  constructor(status: ContentfulStatusCode, type: ApiErrorType, message: string) {
    super(status, message, { status, type })
  }
}

export const badRequest = (message: string, type: ApiErrorType = 'badRequest') =>
  new Refusal(400, type, message)
export const unauthorized = (
  message = 'Authentication required.',
  type: ApiErrorType = 'unauthorized',
) => new Refusal(401, type, message)
export const forbidden = (message = 'Not allowed.', type: ApiErrorType = 'forbidden') =>
  new Refusal(403, type, message)
export const notFound = (message = 'Not found.', type: ApiErrorType = 'notFound') =>
  new Refusal(404, type, message)
export const conflict = (message = 'Conflict', type: ApiErrorType = 'conflict') =>
  new Refusal(409, type, message)
export const tooManyRequests = (message: string, type: ApiErrorType = 'tooManyAttempts') =>
  new Refusal(429, type, message)

/** PostgreSQL error classes that are the caller's fault or a race, never a server bug. */
const PG_ERRORS: Readonly<Record<string, () => Refusal>> = {
  // 'Conflict' exactly: the client maps that message to code 409 (docs/product/5-rules.md profile update).
  '23505': () => conflict(),
  '23P01': () => conflict('Conflict: the time range is already taken.'),
  '23503': () => conflict(),
  '22P02': () => badRequest('Invalid value.'),
  '22001': () => badRequest('A value is too long.'),
  '22007': () => badRequest('Invalid date or time.'),
  '22008': () => badRequest('Invalid date or time.'),
  '40001': () => new Refusal(503, 'retry', 'The service is busy, please retry.'),
  '40P01': () => new Refusal(503, 'retry', 'The service is busy, please retry.'),
}

/** Any thrown value as a Refusal; unknown failures become a 500 without internals. */
export function toRefusal(error: unknown): Refusal {
  if (error instanceof Refusal) return error
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode
    return new Refusal(status, status === 400 ? 'badRequest' : 'httpError', error.message)
  }
  const state = sqlStateOf(error)
  const known = state === undefined ? undefined : PG_ERRORS[state]
  if (known) return known()
  return new Refusal(500, 'internal', 'Internal error.')
}

/**
 * The body where docs/product/8-errors.md says the call's service group puts code and message (errorBodyFor:
 * top level for `first`, an `errors` object for marketplace and booking), plus the type.
 */
export function errorResponse(c: Context, error: Refusal, group: ServiceGroup): Response {
  const body = errorBodyFor(group, { code: error.status, message: error.message })
  return c.json({ ...body, type: error.type }, error.status)
}

/** app.onError: every failure leaves normalised; only real bugs are logged with a stack. */
export function handleError(
  error: unknown,
  c: Context,
  group: ServiceGroup,
  log: (line: string) => void,
): Response {
  const refusal = toRefusal(error)
  if (refusal.type === 'internal') {
    log(
      `error ${c.req.method} ${redactPath(c.req.path)}: ${error instanceof Error ? error.stack : String(error)}`,
    )
  }
  return errorResponse(c, refusal, group)
}
