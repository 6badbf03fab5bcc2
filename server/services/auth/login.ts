import { and, eq } from 'drizzle-orm'
import type { ApiErrorType } from '#contract/error.ts'
import type { Db } from '#server/db/client.ts'
import { type AccountKind, type AccountRow, accounts } from '#server/db/schema/index.ts'
import { clock, Refusal } from '#server/kernel/index.ts'
import { hashPassword, needsRehash, verifyPassword } from './password.ts'
import { limitedPasswordCheck } from './rate-limit.ts'
import { type IssuedToken, issueToken } from './tokens.ts'

export interface LoginInput {
  readonly companyId: number
  readonly kind: AccountKind
  readonly email: string
  readonly password: string
  /** The client address, for the per-address limit. */
  readonly address: string
}

/**
 * The outcome the three login calls map to their own reply (docs/product/7-calls.md: token/user/exist, or an
 * error type): `unknown` is errType 'unknownUser' (the client then offers registration),
 * `noPassword` an account made by social sign-in that has no password yet.
 */
export type LoginResult =
  | { readonly ok: true; readonly account: AccountRow; readonly token: IssuedToken }
  | {
      readonly ok: false
      readonly reason: 'unknown' | 'badPassword' | 'noPassword' | 'codeRequired' | 'badCode'
    }

/** The docs/product/8-errors.md error type (src/contract/auth.ts LOGIN_ERROR_TYPES) of each refusal. */
export const LOGIN_ERROR_TYPE = {
  unknown: 'unknownUser',
  badPassword: 'credentials',
  noPassword: 'noPassword',
  codeRequired: 'signInCodeRequired',
  badCode: 'invalidCode',
} as const satisfies Record<Extract<LoginResult, { ok: false }>['reason'], ApiErrorType>

/** A sign-in code is 6 digits (the contract's loginRequest.code). */
export const signInCodeShape = /^\d{6}$/

/**
 * The second factor past the account's budget (docs/decisions/061-sign-in-budget.md), the
 * e-mail code of services/accounts/sign-in-code.ts: checked against an account, mailed to the
 * owner after a refusal, spent by the success it admitted.
 */
export interface SignInFactor {
  readonly hasCode: boolean
  verify(account: AccountRow): Promise<boolean>
  send(account: AccountRow): Promise<void>
  spend(account: AccountRow): Promise<void>
}

/** The budget's refusals as login outcomes; anything else (429) goes on up. */
const BUDGET_REASONS: Partial<Record<string, 'codeRequired' | 'badCode'>> = {
  signInCodeRequired: 'codeRequired',
  invalidCode: 'badCode',
}

/**
 * Check the password under the login limits and the account's budget, issue a token. Throws 429
 * when locked. Past the budget the answer is `codeRequired` (the owner is mailed a code) or
 * `badCode`, whether or not the e-mail has an account, so the answer tells nobody which.
 */
export async function login(
  db: Db,
  input: LoginInput,
  factor?: SignInFactor,
): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase()
  const key = { ...input, email }
  const [account] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.companyId, input.companyId),
        eq(accounts.kind, input.kind),
        eq(accounts.email, email),
      ),
    )
    .limit(1)
  // The attempt is counted before the password is checked, so a burst cannot outrun the limit;
  // verifyPassword spends the same time for a missing account, so timing does not tell.
  const second = {
    hasCode: factor?.hasCode ?? false,
    verify: async () => (account && factor ? factor.verify(account) : false),
  }
  let valid: boolean
  try {
    valid = await limitedPasswordCheck(
      db,
      key,
      () => verifyPassword(input.password, account?.passwordHash ?? null),
      clock.now(),
      second,
    )
  } catch (error) {
    const reason = error instanceof Refusal ? BUDGET_REASONS[error.type] : undefined
    if (!reason) throw error
    if (account && factor) await factor.send(account)
    return { ok: false, reason }
  }
  if (!account) return { ok: false, reason: 'unknown' }
  // A social-only account has no password to check: say so, so the client offers social sign-in.
  if (account.passwordHash === null) return { ok: false, reason: 'noPassword' }
  if (!valid) return { ok: false, reason: 'badPassword' }
  if (account.passwordHash && needsRehash(account.passwordHash)) {
    const passwordHash = await hashPassword(input.password)
    await db
      .update(accounts)
      .set({ passwordHash })
      .where(and(eq(accounts.companyId, account.companyId), eq(accounts.id, account.id)))
  }
  // The code admitted this success: it is spent, the next sign-in past the budget needs a new one.
  if (factor?.hasCode && account) await factor.spend(account)
  const token = await issueToken(db, {
    companyId: input.companyId,
    kind: input.kind,
    subjectId: account.id,
  })
  return { ok: true, account, token }
}
