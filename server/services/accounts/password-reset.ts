import { randomBytes } from 'node:crypto'
import { and, count, eq, gt } from 'drizzle-orm'
import type { Locale } from '#i18n/locales.ts'
import {
  type AccountKind,
  type AccountRow,
  accounts,
  type CompanyRow,
  passwordResets,
} from '#server/db/schema/index.ts'
import { clock, notFound } from '#server/kernel/index.ts'
import type { ServiceDeps } from '#server/services/deps.ts'
import { forgetFailures, hashPassword, hashToken, revokeAccountTokens } from '../auth/index.ts'
import { mailTemplate, queueMessage } from '../notifier/index.ts'
import { resetLink, resetMessage } from './messages.ts'
import { findAccountByEmail } from './repository.ts'

/**
 * Password reset by token (docs/product/2-screens.md /profile/password-reset/:token): 32 random bytes mailed
 * once, only their SHA-256 stored, valid an hour, single use. Completing a reset ends every
 * session of the account. At most 3 mails per account and hour, so the call cannot be used to
 * flood someone's inbox; past that the call still acknowledges (nobody learns anything).
 */
export const RESET_POLICY = { ttlMs: 60 * 60_000, maxPerHour: 3 } as const

/** ServiceDeps fits; tests pass a notifier and a log of their own. */
type Deps = Pick<ServiceDeps, 'db' | 'notifier'> & {
  readonly config: Pick<ServiceDeps['config'], 'log'>
}

export async function requestPasswordReset(
  deps: Deps,
  company: CompanyRow,
  kind: AccountKind,
  email: string,
  locale: Locale,
  now = clock.now(),
): Promise<void> {
  const account = await findAccountByEmail(deps.db, company.id, kind, email)
  if (!account) return
  const token = randomBytes(32).toString('base64url')
  const minutes = RESET_POLICY.ttlMs / 60_000
  const message = resetMessage(locale, company, token, minutes)
  const template = mailTemplate('password-reset', locale, {
    link: resetLink(locale, company),
    minutes,
  })
  // Count and insert under the account row's lock, and queue the mail in the same transaction:
  // of a parallel burst, exactly the allowed number of mails exist (decision 014).
  const queued = await deps.db.transaction(async (tx) => {
    await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.companyId, company.id), eq(accounts.id, account.id)))
      .for('update')
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.companyId, company.id),
          eq(passwordResets.accountId, account.id),
          gt(passwordResets.createdAt, new Date(now.getTime() - 3600_000)),
        ),
      )
    if ((recent?.n ?? 0) >= RESET_POLICY.maxPerHour) return false
    await tx.insert(passwordResets).values({
      companyId: company.id,
      accountId: account.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_POLICY.ttlMs),
    })
    await queueMessage(tx, {
      channel: 'email',
      to: account.email,
      ...message,
      companyId: company.id,
      template,
    })
    return true
  })
  if (!queued) {
    deps.config.log(`password reset for account ${account.id} throttled`)
    return
  }
  // committed: relayed before the answer, so the person has it when told to look
  await deps.notifier.relayQueued()
}

/** Base64url of 32 bytes; anything else is not one of ours and costs no query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** The account a live reset token of this company and kind names, or 404. */
export async function resolvePasswordReset(
  deps: Pick<Deps, 'db'>,
  companyId: number,
  kind: AccountKind,
  token: string,
  now = clock.now(),
): Promise<AccountRow> {
  if (TOKEN_PATTERN.test(token)) {
    const [row] = await deps.db
      .select({ account: accounts })
      .from(passwordResets)
      .innerJoin(
        accounts,
        and(
          eq(accounts.companyId, passwordResets.companyId),
          eq(accounts.id, passwordResets.accountId),
        ),
      )
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          eq(passwordResets.companyId, companyId),
          eq(accounts.kind, kind),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .limit(1)
    if (row) return row.account
  }
  throw notFound('This link is no longer valid.', 'invalidResetToken')
}

/** Sets the new password, spends every reset token of the account and ends its sessions. */
export async function completePasswordReset(
  deps: Pick<ServiceDeps, 'db' | 'sessions'>,
  companyId: number,
  kind: AccountKind,
  token: string,
  password: string,
  now = clock.now(),
): Promise<void> {
  const account = await resolvePasswordReset(deps, companyId, kind, token, now)
  const passwordHash = await hashPassword(password)
  await deps.db.transaction(async (tx) => {
    // Spending the token is the gate: of two concurrent uses, only one deletes it.
    const spent = await tx
      .delete(passwordResets)
      .where(
        and(
          eq(passwordResets.companyId, companyId),
          eq(passwordResets.tokenHash, hashToken(token)),
        ),
      )
      .returning({ id: passwordResets.id })
    if (spent.length === 0) throw notFound('This link is no longer valid.', 'invalidResetToken')
    await tx
      .update(accounts)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(accounts.companyId, companyId), eq(accounts.id, account.id)))
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.companyId, companyId), eq(passwordResets.accountId, account.id)))
    await revokeAccountTokens(tx, companyId, account.id)
    // Unlock by e-mail: the guesses were at the old password (decision 014).
    await forgetFailures(tx, account)
  })
  // once committed: a lookup before the commit could have kept a session here again
  deps.sessions.forget({ companyId, accountId: account.id })
}
