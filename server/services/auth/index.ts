/**
 * The auth module's one entry (docs/decisions/069-server-modules.md): what the other
 * modules, the routes and the app use of it. Its own files import each other directly.
 */
export { ACCOUNT_BUDGET, codeRequired } from './account-budget.ts'
export {
  LOGIN_ERROR_TYPE,
  type LoginResult,
  login,
  type SignInFactor,
  signInCodeShape,
} from './login.ts'
export { hashPassword, verifyPassword } from './password.ts'
export { forgetFailures, LOGIN_LIMITS, limitedPasswordCheck } from './rate-limit.ts'
export {
  createSessionCache,
  type SessionCache,
  type SessionSubject,
} from './session-cache.ts'
export {
  hashToken,
  type IssuedToken,
  issueToken,
  purgeExpiredTokens,
  resolveToken,
  revokeAccountTokens,
  revokeToken,
  TOKEN_TTL_MS,
} from './tokens.ts'
