/**
 * Which message a failed account call shows (spec §8): the API's error type first (login
 * refusals carry it as `errType`, other calls as the normalised error's `type`), then the status
 * (a 409 on registration step 1 or on a profile update is the 'Conflict' of spec §5/§8), then
 * the form's own generic message. Keys are message keys of the auth, profile, loyalty and orders
 * namespaces.
 */
export type ErrorContext = 'login' | 'register' | 'reset' | 'profile' | 'loyalty' | 'orders'

export interface ErrorLike {
  readonly code: number
  readonly type?: string | undefined
  readonly message?: string | undefined
}

const BY_TYPE: Readonly<Record<string, string>> = {
  credentials: 'auth.errType.credentials',
  unknownUser: 'auth.errType.notFound',
  noPassword: 'auth.errType.noPassword',
  server: 'auth.errType.server',
  tooManyAttempts: 'auth.errType.tooManyAttempts',
  tooManyCodes: 'auth.errType.tooManyCodes',
  invalidCode: 'auth.errType.code',
  codeExpired: 'auth.errType.code',
  codeRequired: 'auth.errType.code',
  invalidResetToken: 'auth.resetInvalid',
  notEnoughPoints: 'loyalty.notEnoughPoints',
  emailNotVerified: 'auth.errType.provider',
  invalidProviderToken: 'auth.errType.provider',
  providerNotConfigured: 'auth.errType.provider',
  providerUnavailable: 'auth.errType.provider',
}

const CONFLICT: Readonly<Partial<Record<ErrorContext, string>>> = {
  register: 'auth.errType.accountExists',
  profile: 'profile.conflict',
  loyalty: 'loyalty.notEnoughPoints',
}

const FALLBACK: Readonly<Record<ErrorContext, string>> = {
  login: 'auth.errType.unknown',
  register: 'auth.errType.unknown',
  reset: 'auth.errType.unknown',
  profile: 'profile.error',
  loyalty: 'loyalty.exchangeError',
  orders: 'orders.loadError',
}

/** 503 with no response is spec §8's 'Le service est indisponible.' */
const UNAVAILABLE = 503

export function accountErrorKey(error: ErrorLike | string, context: ErrorContext): string {
  if (typeof error === 'string') return BY_TYPE[error] ?? FALLBACK[context]
  const byType = error.type ? BY_TYPE[error.type] : undefined
  if (byType) return byType
  if (error.code === 409 || error.message === 'Conflict') {
    return CONFLICT[context] ?? FALLBACK[context]
  }
  if (error.code === 429) return 'auth.errType.tooManyAttempts'
  if (error.code === UNAVAILABLE) return 'auth.errType.server'
  return FALLBACK[context]
}

/** Every key accountErrorKey may answer (the catalog test checks each exists). */
export const ACCOUNT_ERROR_KEYS: readonly string[] = [
  ...new Set([
    ...Object.values(BY_TYPE),
    ...Object.values(CONFLICT),
    ...Object.values(FALLBACK),
    'auth.errType.tooManyAttempts',
    'auth.errType.server',
  ]),
]
