import type { Context } from 'hono'
import { errorResponse } from '#server/http/errors.ts'
import { Refusal } from '#server/kernel/index.ts'

/** Taken (or about a message we do not know): the provider stops retrying. */
export const acknowledged = (c: Context) => c.json({ ok: true as const })

/** Unsigned, wrongly signed or stale: nothing is written. */
export const refusedSignature = (c: Context) =>
  errorResponse(
    c,
    new Refusal(403, 'invalidSignature', 'The status report is not signed by the provider.'),
    'first',
  )
