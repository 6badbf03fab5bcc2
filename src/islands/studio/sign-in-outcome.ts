import { ApiError } from '#api/index'

/**
 * What a sign-in the API did not answer says: `locked` when the login limits refused this
 * address (429, decision 014: waiting is the answer, retrying at once is not), otherwise
 * `failed`, to retry in a moment. Shared by the studio's and the platform's sign-in forms.
 */
export const failedSignIn = (error: unknown): 'locked' | 'failed' =>
  error instanceof ApiError && error.status === 429 ? 'locked' : 'failed'
