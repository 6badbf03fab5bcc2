import {
  usersList,
  usersLogin,
  usersLoginProvider,
  usersLogout,
  usersMe,
} from '#contract/calls/users.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import {
  customerView,
  findAccount,
  ownCustomerView,
  socialLogin,
} from '#server/services/accounts/index.ts'
import { LOGIN_ERROR_TYPE, revokeToken } from '#server/services/auth/index.ts'
import { reachableCustomers } from '#server/services/orders/index.ts'
import { passwordSignIn } from './password-sign-in.ts'

/** Customer sessions (docs/product/7-calls.md Users): sign-in, social sign-in, who am I, sign-out. */
export const sessionRoutes: RouteSpec[] = [
  /** null without a bearer, and for a session of another kind (a provider is no customer). */
  handle(usersMe, async ({ c, company, subject }) => {
    if (subject?.kind !== 'customer') return null
    const row = await findAccount(c.var.deps.db, company.id, 'customer', subject.id)
    return row ? ownCustomerView(c.var.deps.db, row) : null
  }),

  /** Past the account's budget the e-mailed code is asked for (docs/decisions/061-sign-in-budget.md). */
  handle(usersLogin, async ({ c, company, body }) => {
    const result = await passwordSignIn(c, company, 'customer', body)
    if (!result.ok) return { errType: LOGIN_ERROR_TYPE[result.reason] }
    const user = await ownCustomerView(c.var.deps.db, result.account)
    return { token: result.token.token, user, exist: true }
  }),

  handle(usersLoginProvider, async ({ c, company, body }) => {
    const result = await socialLogin(c.var.deps, company, body)
    if (!result.ok) return { errType: result.errType }
    const user = await ownCustomerView(c.var.deps.db, result.account)
    return { token: result.token.token, user, exist: result.exist }
  }),

  handle(usersLogout, async ({ c, company, subject }) => {
    await revokeToken(c.var.deps.db, company.id, subject.tokenId)
    c.var.deps.sessions.forget({ companyId: company.id, accountId: subject.id })
    return { ok: true } as const
  }),

  /**
   * Providers only (the call's auth), and only their own company's customers; a practitioner's
   * own customers only (docs/decisions/072-studio-roles.md).
   */
  handle(usersList, async ({ c, company, staff }) =>
    (await reachableCustomers(c.var.deps.db, company.id, await staff())).map((row) =>
      customerView(row),
    ),
  ),
]
