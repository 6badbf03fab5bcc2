import { ApiError } from '#api/errors.ts'
import type { ApiErrorType } from '#contract/error.ts'
import { sqlStateOf } from '#server/db/sql-state.ts'

/** The client and server error statuses (RFC 9110 and its registry): a refusal's answer. */
export type RefusalStatus =
  | 400
  | 401
  | 402
  | 403
  | 404
  | 405
  | 406
  | 407
  | 408
  | 409
  | 410
  | 411
  | 412
  | 413
  | 414
  | 415
  | 416
  | 417
  | 418
  | 421
  | 422
  | 423
  | 424
  | 425
  | 426
  | 428
  | 429
  | 431
  | 451
  | 500
  | 501
  | 502
  | 503
  | 504
  | 505
  | 506
  | 507
  | 508
  | 510
  | 511

/**
 * A failure as this API reports it (docs/product/8-errors.md). It is the one ApiError of
 * src/api/errors.ts, the class the client hands its callers, built the way the server knows a
 * refusal: the HTTP status, which is also the numeric `code` of the body (src/contract/error.ts),
 * a stable `type` naming the reason (invalidJson, invalidInput, companyRequired,
 * societyNotRegister, invalidToken...) and a readable message. Tests on either side switch on
 * `type`. Services throw it without knowing the web framework (server/http/errors.ts sends it).
 */
export class Refusal extends ApiError {
  declare readonly status: RefusalStatus
  declare readonly type: ApiErrorType
  /**
   * In a call naming several slots (PUT /api/appointments/cart), the index of the one refused:
   * the body's `slot` (docs/decisions/073-one-cart.md)
   */
  slot: number | undefined
  constructor(status: RefusalStatus, type: ApiErrorType, message: string) {
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

/** A refusal, or a database error the caller caused, as a Refusal; undefined for anything else. */
export function knownRefusal(error: unknown): Refusal | undefined {
  if (error instanceof Refusal) return error
  const state = sqlStateOf(error)
  return state === undefined ? undefined : PG_ERRORS[state]?.()
}
