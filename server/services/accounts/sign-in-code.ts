import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Locale } from '#i18n/locales.ts'
import type { Db } from '#server/db/client.ts'
import { type AccountRow, accounts, type CompanyRow, signInCodes } from '#server/db/schema/index.ts'
import { clock } from '#server/kernel/index.ts'
import type { ServiceDeps } from '#server/services/deps.ts'
import { hashPassword, type SignInFactor, signInCodeShape, verifyPassword } from '../auth/index.ts'
import { mailTemplate, queueMessage, SECRET } from '../notifier/index.ts'
import { newCode } from './codes.ts'
import { codeMessage } from './messages.ts'

/**
 * The e-mail code of a sign-in past the account's budget (docs/decisions/061-sign-in-budget.md).
 * One live code per account, mailed once when it is made: refusals while it lives send nothing,
 * so a burst of guesses puts one mail in the owner's inbox, and the code the owner reads stays
 * the live one. Wrong guesses do not spend it (else anyone could spend the owner's code); they
 * are bounded by the per-address limits. A right code admits `maxUses` password checks, then a
 * new one is needed.
 */
export const SIGN_IN_CODE = { ttlMs: 30 * 60_000, maxUses: 3 } as const

/** The live code's row, if any, of this account. */
const live = (account: AccountRow, now: Date) =>
  and(
    eq(signInCodes.companyId, account.companyId),
    eq(signInCodes.accountId, account.id),
    gt(signInCodes.expiresAt, now),
    lt(signInCodes.uses, SIGN_IN_CODE.maxUses),
  )

async function hasLiveCode(db: Db, account: AccountRow, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: signInCodes.accountId })
    .from(signInCodes)
    .where(live(account, now))
  return row !== undefined
}

/**
 * Makes and mails the account's code unless one is live. Counted under the account row's lock
 * (as reset mails are, decision 014), the mail queued in the same transaction: of a parallel
 * burst exactly one code and one mail exist. Answers whether a mail went.
 */
export async function sendSignInCode(
  deps: Pick<ServiceDeps, 'db' | 'notifier'>,
  company: CompanyRow,
  account: AccountRow,
  locale: Locale,
  now = clock.now(),
): Promise<boolean> {
  // The cheap look first: a burst's refusals find the live code without hashing anything.
  if (await hasLiveCode(deps.db, account, now)) return false
  const code = newCode()
  const codeHash = await hashPassword(code)
  const minutes = SIGN_IN_CODE.ttlMs / 60_000
  const sent = await deps.db.transaction(async (tx) => {
    await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.companyId, account.companyId), eq(accounts.id, account.id)))
      .for('update')
    const [current] = await tx
      .select({ id: signInCodes.accountId })
      .from(signInCodes)
      .where(live(account, now))
    if (current) return false
    const row = {
      codeHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGN_IN_CODE.ttlMs),
      uses: 0,
    }
    await tx
      .insert(signInCodes)
      .values({ companyId: account.companyId, accountId: account.id, ...row })
      .onConflictDoUpdate({ target: [signInCodes.companyId, signInCodes.accountId], set: row })
    await queueMessage(tx, {
      channel: 'email',
      to: account.email,
      ...codeMessage(locale, company, code, minutes),
      companyId: company.id,
      template: mailTemplate('code', locale, { code: SECRET, minutes, purpose: 'signIn' }),
    })
    return true
  })
  // committed: relayed before the answer, so the person has it when told to look
  if (sent) await deps.notifier.relayQueued()
  return sent
}

/**
 * Whether `code` is the account's live code; a right one uses one of its password checks (one
 * statement, so a burst with the right code gets `maxUses` checks at most).
 */
export async function verifySignInCode(
  db: Db,
  account: AccountRow,
  code: string,
  now = clock.now(),
): Promise<boolean> {
  const [row] = await db
    .select({ codeHash: signInCodes.codeHash })
    .from(signInCodes)
    .where(live(account, now))
  if (!row || !(await verifyPassword(code, row.codeHash))) return false
  const used = await db
    .update(signInCodes)
    .set({ uses: sql`${signInCodes.uses} + 1` })
    .where(and(live(account, now), eq(signInCodes.codeHash, row.codeHash)))
    .returning({ uses: signInCodes.uses })
  return used.length > 0
}

/** A sign-in that succeeded with the code spends it. */
export async function spendSignInCode(db: Db, account: AccountRow): Promise<void> {
  await db
    .delete(signInCodes)
    .where(and(eq(signInCodes.companyId, account.companyId), eq(signInCodes.accountId, account.id)))
}

/**
 * The sign-in's factor for login(): the code the caller typed (if any) checked against the
 * account's live one, a code mailed after a refusal, the code spent by a success.
 */
export function emailCodeFactor(
  deps: Pick<ServiceDeps, 'db' | 'notifier'>,
  company: CompanyRow,
  locale: Locale,
  code: string | undefined,
): SignInFactor {
  return {
    hasCode: code !== undefined,
    // a code of another shape is no code of ours: no hash is spent on it
    verify: async (account) =>
      code !== undefined && signInCodeShape.test(code) && verifySignInCode(deps.db, account, code),
    send: async (account) => {
      await sendSignInCode(deps, company, account, locale)
    },
    spend: (account) => spendSignInCode(deps.db, account),
  }
}
