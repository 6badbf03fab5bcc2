import { accessCalls } from '#contract/calls/access.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { notFound } from '#server/kernel/index.ts'
import {
  accessView,
  createManagedAccount,
  deleteManagedAccount,
  getAccount,
  listAccounts,
  updateManagedAccount,
} from '#server/services/accounts/index.ts'
import { LOGIN_ERROR_TYPE } from '#server/services/auth/index.ts'
import { passwordSignIn } from '../users/password-sign-in.ts'

/**
 * Access accounts (docs/product/7-calls.md Access), the third account kind, managed by the company's providers.
 * These calls belong to the marketplace group: their errors carry {errors: {code, message}}.
 */
export const accessRoutes: RouteSpec[] = [
  handle(accessCalls.list, async ({ c, company }) =>
    (await listAccounts(c.var.deps.db, company.id, 'access')).map(accessView),
  ),

  handle(accessCalls.register, async ({ c, company, body }) => {
    const { email, password, name } = body
    const profile = { name, scopes: [] }
    return accessView(
      await createManagedAccount(c.var.deps.db, company.id, 'access', { email, password, profile }),
    )
  }),

  handle(accessCalls.update, async ({ c, company, params, body }) => {
    const { email, password, name } = body
    const row = await updateManagedAccount(c.var.deps.db, company.id, 'access', params.id, {
      email,
      password,
      profile: { name },
    })
    c.var.deps.sessions.forget({ companyId: company.id, accountId: params.id })
    return accessView(row)
  }),

  /** Past the account's budget, the e-mailed code too (docs/decisions/061-sign-in-budget.md). */
  handle(accessCalls.login, async ({ c, company, body }) => {
    const result = await passwordSignIn(c, company, 'access', body)
    if (!result.ok) return { errType: LOGIN_ERROR_TYPE[result.reason] }
    return { token: result.token.token, access: accessView(result.account) }
  }),

  handle(accessCalls.remove, async ({ c, company, params }) => {
    await deleteManagedAccount(c.var.deps.db, company.id, 'access', params.id)
    c.var.deps.sessions.forget({ companyId: company.id, accountId: params.id })
    return { ok: true } as const
  }),

  /** Only the bearer's own account: another id, even of this company, is not found. */
  handle(accessCalls.me, async ({ c, company, subject, params }) => {
    if (params.id !== subject.id) throw notFound('No such account.')
    return accessView(await getAccount(c.var.deps.db, company.id, 'access', subject.id))
  }),
]
