import { ApiError } from '#api/index'
import { asksForSignInCode } from '#domain/account/sign-in-code'

/** What the studio's sign-in form says under its button. */
export type SignInOutcome = 'refused' | 'codeSent' | 'badCode' | 'locked' | 'failed'

/**
 * A sign-in the API did not answer: `locked` when the login limits refused this address (429,
 * decision 014: waiting is the answer, retrying at once is not), otherwise `failed`, to retry in
 * a moment. Shared by the studio's and the platform's sign-in forms.
 */
export const failedSignIn = (error: unknown): 'locked' | 'failed' =>
  error instanceof ApiError && error.status === 429 ? 'locked' : 'failed'

/**
 * A refused sign-in's error type: past the account's budget of failed passwords the API e-mails
 * a code and asks for it (`signInCodeRequired`), or finds the code wrong (`invalidCode`)
 * (docs/decisions/061-sign-in-budget.md); the form then shows the code field and keeps it.
 */
export function refusedSignIn(errType: string): { outcome: SignInOutcome; askCode: boolean } {
  if (!asksForSignInCode(errType)) return { outcome: 'refused', askCode: false }
  return { outcome: errType === 'invalidCode' ? 'badCode' : 'codeSent', askCode: true }
}
