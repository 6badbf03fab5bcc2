import { and, eq, sql } from 'drizzle-orm'
import { cmpusersCalls } from '#contract/calls/cmpusers.ts'
import { accounts, shops } from '#server/db/schema/index.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { conflict, notFound } from '#server/kernel/index.ts'
import {
  createManagedAccount,
  deleteManagedAccount,
  getAccount,
  listAccounts,
  providerView,
  readProviderData,
  updateCompanyUser,
} from '#server/services/accounts/index.ts'
import { LOGIN_ERROR_TYPE } from '#server/services/auth/index.ts'
import { passwordSignIn } from '../users/password-sign-in.ts'
import { resetTokenRoutes } from '../users/reset-token.ts'

/**
 * Company users (docs/product/7-calls.md), the providers: their own sign-in and `me` (with their
 * studio role), and the management of the company's users and their roles by the company's
 * owner (the contract marks those calls ownerOnly: docs/decisions/072-studio-roles.md).
 */
export const cmpusersRoutes: RouteSpec[] = [
  // one `me` at both of the spec's paths (docs/decisions/063-last-partial-rows-of-the-api.md)
  ...[cmpusersCalls.me, cmpusersCalls.startupMe].map((def) =>
    handle(def, async ({ c, company, subject }) =>
      providerView(await getAccount(c.var.deps.db, company.id, 'provider', subject.id)),
    ),
  ),

  /** Past the account's budget, the e-mailed code too (docs/decisions/061-sign-in-budget.md). */
  handle(cmpusersCalls.login, async ({ c, company, body }) => {
    const result = await passwordSignIn(c, company, 'provider', body)
    if (!result.ok) return { errType: LOGIN_ERROR_TYPE[result.reason] }
    return { token: result.token.token, user: providerView(result.account) }
  }),

  /**
   * A colleague starts as a manager of no shop, reaching nothing until the owner links shops or
   * sets another role: without a stated role, an account linked to no shop would be inferred
   * the owner (docs/decisions/072-studio-roles.md).
   */
  handle(cmpusersCalls.register, async ({ c, company, body }) => {
    const { email, password, firstname, lastname } = body
    const profile = { firstname, lastname, artebeauteIds: [], studioRole: 'manager' }
    return providerView(
      await createManagedAccount(c.var.deps.db, company.id, 'provider', {
        email,
        password,
        profile,
      }),
    )
  }),

  /** The back-office shop must be one of this company's shops (matched by artebeauteId). */
  handle(cmpusersCalls.link, async ({ c, company, params, body }) => {
    const { db } = c.var.deps
    const account = await getAccount(db, company.id, 'provider', params.id)
    const [shop] = await db
      .select({ id: shops.id })
      .from(shops)
      .where(
        and(
          eq(shops.companyId, company.id),
          sql`${shops.data} ->> 'artebeauteId' = ${body.artebeauteId}`,
        ),
      )
      .limit(1)
    if (!shop) throw notFound('No shop with this artebeauteId.')
    const data = readProviderData(account.profile)
    if (data.artebeauteIds.includes(body.artebeauteId)) return providerView(account)
    const profile = {
      ...account.profile,
      artebeauteIds: [...data.artebeauteIds, body.artebeauteId],
    }
    const [saved] = await db
      .update(accounts)
      .set({ profile, updatedAt: new Date() })
      .where(and(eq(accounts.companyId, company.id), eq(accounts.id, account.id)))
      .returning()
    return providerView(saved ?? account)
  }),

  ...resetTokenRoutes('provider', { get: cmpusersCalls.tokenGet, put: cmpusersCalls.tokenPut }),

  handle(cmpusersCalls.list, async ({ c, company }) =>
    (await listAccounts(c.var.deps.db, company.id, 'provider')).map(providerView),
  ),

  handle(cmpusersCalls.get, async ({ c, company, params }) =>
    providerView(await getAccount(c.var.deps.db, company.id, 'provider', params.id)),
  ),

  handle(cmpusersCalls.update, async ({ c, company, subject, params, body }) =>
    providerView(
      await updateCompanyUser(c.var.deps.db, company.id, params.id, {
        ...body,
        self: params.id === subject.id,
      }),
    ),
  ),

  /** A provider cannot delete themself: the company could lose its last way in. */
  handle(cmpusersCalls.remove, async ({ c, company, subject, params }) => {
    if (params.id === subject.id) {
      throw conflict('You cannot delete your own account.', 'cannotDeleteSelf')
    }
    await deleteManagedAccount(c.var.deps.db, company.id, 'provider', params.id)
    c.var.deps.sessions.forget({ companyId: company.id, accountId: params.id })
    return { ok: true } as const
  }),
]
