import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ServiceGroup } from '#contract/call.ts'
import { errorBodyFor } from '#contract/error.ts'
import { knownRefusal, Refusal, type RefusalStatus } from '#server/kernel/index.ts'
import { redactPath } from './request-log.ts'

/** Any thrown value as a Refusal; unknown failures become a 500 without internals. */
export function toRefusal(error: unknown): Refusal {
  const known = knownRefusal(error)
  if (known) return known
  if (error instanceof HTTPException) {
    const status = error.status as RefusalStatus
    return new Refusal(status, status === 400 ? 'badRequest' : 'httpError', error.message)
  }
  return new Refusal(500, 'internal', 'Internal error.')
}

/**
 * The body where docs/product/8-errors.md says the call's service group puts code and message (errorBodyFor:
 * top level for `first`, an `errors` object for marketplace and booking), plus the type, and the
 * slot refused when a call names several (docs/decisions/073-one-cart.md).
 */
export function errorResponse(c: Context, error: Refusal, group: ServiceGroup): Response {
  const body = errorBodyFor(group, { code: error.status, message: error.message })
  const slot = error.slot === undefined ? {} : { slot: error.slot }
  return c.json({ ...body, type: error.type, ...slot }, error.status)
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
