import { and, count, eq, gt, sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { type AccountKind, loginAttempts } from '#server/db/schema/index.ts'
import { Refusal } from '#server/kernel/index.ts'

/**
 * The per-account budget of failed passwords (docs/decisions/061-sign-in-budget.md): whatever
 * addresses they come from, at most this many failures of one account in an hour are checked
 * without a second factor (OWASP ASVS 2.2.1 asks for at most 100). Past it a sign-in needs the
 * e-mail code sent to the account's address, never a wait, so a botnet cannot lock the owner out.
 */
export const ACCOUNT_BUDGET = {
  failures: 20,
  windowMs: 60 * 60 * 1000,
} as const

/** Past the budget without a code: the client asks for the e-mail code (LoginIsland). */
export const codeRequired = () =>
  new Refusal(
    403,
    'signInCodeRequired',
    'Too many wrong passwords for this account: sign in with the code sent by e-mail.',
  )

/** Past the budget with a code that is not the account's live one: no password is checked. */
export const wrongCode = () =>
  new Refusal(403, 'invalidCode', 'This sign-in code is wrong or no longer valid.')

/** The account a budget counts: the e-mail tried, whether or not an account has it. */
export interface BudgetKey {
  readonly companyId: number
  readonly kind: AccountKind
  readonly email: string
}

/** What a sign-in brings to the budget: whether a code came with it (checked later, off the lock). */
export interface BudgetClaim {
  readonly hasCode: boolean
}

/**
 * Inside the attempt's transaction, after the address lock: takes the account's advisory lock
 * (PostgreSQL's, so it holds across API instances; always address then account, so two claims
 * never wait on each other in a cycle) and counts the account's failures of the window, the
 * attempts in flight included. Answers whether the budget is spent; spent and no code throws
 * `signInCodeRequired` before anything is recorded (a refused call is not a guess).
 */
export async function budgetSpent(
  tx: Tx,
  key: BudgetKey,
  now: Date,
  claim: BudgetClaim,
): Promise<boolean> {
  const account = `login-account:${key.companyId}:${key.kind}:${key.email}`
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${account}, 0))`)
  const [failed] = await tx
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.companyId, key.companyId),
        eq(loginAttempts.kind, key.kind),
        eq(loginAttempts.email, key.email),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.at, new Date(now.getTime() - ACCOUNT_BUDGET.windowMs)),
      ),
    )
  const spent = (failed?.n ?? 0) >= ACCOUNT_BUDGET.failures
  if (spent && !claim.hasCode) throw codeRequired()
  return spent
}
