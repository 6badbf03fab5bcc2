import { and, eq, isNull } from 'drizzle-orm'
import {
  usersPasswordReset,
  usersPasswordSet,
  usersPasswordUpdate,
  usersTokenGet,
  usersTokenPut,
} from '#contract/calls/users.ts'
import { accounts } from '#server/db/schema/index.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { Refusal } from '#server/kernel/index.ts'
import { getAccount, requestLocale, requestPasswordReset } from '#server/services/accounts/index.ts'
import {
  hashPassword,
  limitedPasswordCheck,
  revokeAccountTokens,
  verifyPassword,
} from '#server/services/auth/index.ts'
import { resetTokenRoutes } from './reset-token.ts'

/** Password change, first password of a social account, and reset by mailed token. */
export const passwordRoutes: RouteSpec[] = [
  /**
   * The old password is checked under the login rate limit (a stolen session must not become a
   * password oracle); the other sessions of the account end, this one stays.
   */
  handle(usersPasswordUpdate, async ({ c, company, subject, body }) => {
    const { db } = c.var.deps
    const account = await getAccount(db, company.id, 'customer', subject.id)
    if (account.passwordHash === null) {
      throw new Refusal(409, 'noPassword', 'This account has no password yet: set one.')
    }
    const key = {
      companyId: company.id,
      kind: 'customer' as const,
      email: account.email,
      address: clientAddress(c),
    }
    const { passwordHash: oldHash } = account
    const valid = await limitedPasswordCheck(db, key, () =>
      verifyPassword(body.oldPassword, oldHash),
    )
    if (!valid) throw new Refusal(403, 'credentials', 'The current password is wrong.')
    const passwordHash = await hashPassword(body.newPassword)
    await db.transaction(async (tx) => {
      await tx
        .update(accounts)
        .set({ passwordHash, updatedAt: new Date() })
        .where(and(eq(accounts.companyId, company.id), eq(accounts.id, account.id)))
      await revokeAccountTokens(tx, company.id, account.id, subject.tokenId)
    })
    c.var.deps.sessions.forget({ companyId: company.id, accountId: account.id })
    return { ok: true } as const
  }),

  /** Only for accounts without a password (social sign-in): others change it with the old one. */
  handle(usersPasswordSet, async ({ c, company, subject, body }) => {
    const passwordHash = await hashPassword(body.password)
    const updated = await c.var.deps.db
      .update(accounts)
      .set({ passwordHash, updatedAt: new Date() })
      .where(
        and(
          eq(accounts.companyId, company.id),
          eq(accounts.id, subject.id),
          eq(accounts.kind, 'customer'),
          isNull(accounts.passwordHash),
        ),
      )
      .returning({ id: accounts.id })
    if (updated.length === 0) {
      throw new Refusal(409, 'passwordAlreadySet', 'This account already has a password.')
    }
    return { ok: true } as const
  }),

  handle(usersPasswordReset, async ({ c, company, body }) => {
    const locale = requestLocale(c.req.header('curlang'))
    await requestPasswordReset(c.var.deps, company, 'customer', body.email, locale)
    return { ok: true } as const
  }),

  ...resetTokenRoutes('customer', { get: usersTokenGet, put: usersTokenPut }),
]
