import type { cmpusersCalls } from '#contract/calls/cmpusers.ts'
import type { usersTokenGet, usersTokenPut } from '#contract/calls/users.ts'
import type { AccountKind } from '#server/db/schema/index.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { completePasswordReset, resolvePasswordReset } from '#server/services/accounts/index.ts'

/**
 * GET and PUT …/token/:token of customers (/api/users) and company users (/api/cmpusers): the
 * e-mail a reset token was sent to, and the new password. A token only opens an account of its
 * company and of the kind of the call.
 */
export function resetTokenRoutes(
  kind: AccountKind,
  calls:
    | { get: typeof usersTokenGet; put: typeof usersTokenPut }
    | { get: typeof cmpusersCalls.tokenGet; put: typeof cmpusersCalls.tokenPut },
): RouteSpec[] {
  return [
    handle(calls.get, async ({ c, company, params }) => {
      const account = await resolvePasswordReset(c.var.deps, company.id, kind, params.token)
      return { email: account.email }
    }),
    handle(calls.put, async ({ c, company, params, body }) => {
      await completePasswordReset(c.var.deps, company.id, kind, params.token, body.password)
      return { ok: true } as const
    }),
  ]
}
