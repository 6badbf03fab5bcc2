/**
 * The sign-in form's second step (docs/decisions/061-sign-in-budget.md): once the account's budget
 * of failed passwords is spent, the API answers `signInCodeRequired` (or `invalidCode` for a
 * wrong code) and the form asks for the 6-digit code e-mailed to the account, sent with the
 * password (the field's rule is validation.ts codeError, as the sign-up's codes).
 */

/** The login refusals after which the form shows (or keeps) the code field. */
const CODE_REFUSALS: ReadonlySet<string> = new Set(['signInCodeRequired', 'invalidCode'])

export function asksForSignInCode(errType: string): boolean {
  return CODE_REFUSALS.has(errType)
}
