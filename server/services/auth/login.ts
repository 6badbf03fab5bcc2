import { and, eq } from 'drizzle-orm'
import type { ApiErrorType } from '#contract/error.ts'
import type { Db } from '#server/db/client.ts'
import { type AccountKind, type AccountRow, accounts } from '#server/db/schema/index.ts'
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
  | { readonly ok: false; readonly reason: 'unknown' | 'badPassword' | 'noPassword' }

/** The docs/product/8-errors.md error type (src/contract/auth.ts LOGIN_ERROR_TYPES) of each refusal. */
export const LOGIN_ERROR_TYPE = {
  unknown: 'unknownUser',
  badPassword: 'credentials',
  noPassword: 'noPassword',
} as const satisfies Record<Extract<LoginResult, { ok: false }>['reason'], ApiErrorType>

/** Check the password under the login limits, issue a token. Throws 429 when locked. */
export async function login(db: Db, input: LoginInput): Promise<LoginResult> {
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
  const valid = await limitedPasswordCheck(db, key, () =>
    verifyPassword(input.password, account?.passwordHash ?? null),
  )
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
  const token = await issueToken(db, {
    companyId: input.companyId,
    kind: input.kind,
    subjectId: account.id,
  })
  return { ok: true, account, token }
}
