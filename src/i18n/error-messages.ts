import { isApiErrorType } from '#contract/error'
import { providerMessageOf } from '#domain/booking/payment-error'
import type { MessageParams } from './format'
import type { AppTranslator, MessageKey } from './messages'

/**
 * The one place where a failed call gets its words (docs/architecture.md "Errors"):
 * every error code the API sends (`type`, src/contract/error.ts) has one catalog key (error-keys.ts). The
 * keys are typed from the French catalog, and messages.ts makes every other catalog have the
 * French keys, so a code without words, or words missing in one language, fails the typecheck.
 * Islands never show the server's `message` (it is for developers, in English) nor write their
 * own: they call errorMessage.
 */

import { API_ERROR_KEYS, GENERIC_ERROR_KEY } from './error-keys'

export { API_ERROR_KEYS, GENERIC_ERROR_KEY }

const GENERIC = GENERIC_ERROR_KEY

/** A 429 of a reason this storefront does not know yet. */
const TOO_MANY_REQUESTS = 'error.tooManyRequests' satisfies MessageKey
/** docs/product/8-errors.md: no response at all ('Le service est indisponible.' in the page's language). */
const NO_RESPONSE = 'error.serviceUnavailable' satisfies MessageKey
/** docs/product/8-errors.md: login answers the error type 'server' when no response came. */
const NO_RESPONSE_ERR_TYPE = 'server'

/** How a screen words what the codes leave generic. */
export interface ErrorWords {
  /** the screen's message when nothing more precise is known */
  readonly fallback: MessageKey
  /** by HTTP status, for a generic code: 409 on a profile, 404 for an unknown coupon… */
  readonly byStatus?: Readonly<Partial<Record<number, MessageKey>>>
}

/** Every screen that shows a failed call, and its own words (the rest is API_ERROR_KEYS). */
export const ERROR_SCREENS = {
  login: { fallback: 'auth.errType.unknown' },
  // docs/product/5-rules.md, docs/product/8-errors.md: 409 'Conflict' is an account that exists / details another account uses
  register: { fallback: 'auth.errType.unknown', byStatus: { 409: 'auth.errType.accountExists' } },
  reset: { fallback: 'auth.errType.unknown' },
  profile: { fallback: 'profile.error', byStatus: { 409: 'profile.conflict' } },
  loyalty: { fallback: 'loyalty.exchangeError', byStatus: { 409: 'loyalty.notEnoughPoints' } },
  orders: { fallback: 'orders.loadError' },
  resend: { fallback: 'orderDetail.resendError' },
  // the coupon field: an unknown code is a 404 'notFound'
  coupon: {
    fallback: 'coupon.field.refused.error',
    byStatus: { 404: 'coupon.field.refused.unknown' },
  },
  // placing the holds of the booking cart ({when} and {service} of the slot)
  hold: { fallback: 'booking.holdFailed' },
  paymentInitialize: { fallback: 'payment.initializeError' },
  eshopCheckout: { fallback: 'eshop.checkoutError' },
  giftPurchase: { fallback: 'gift.error' },
  // a customer's own visit (docs/decisions/038-visit-policy.md): 409 without a policy code is a taken slot
  manage: {
    fallback: 'manage.error.generic',
    byStatus: { 404: 'manage.error.notFound', 409: 'manage.error.slotTaken' },
  },
  // the consent forms' page (docs/decisions/080-consent-record.md): an unknown visit is a bad link
  consent: { fallback: 'consent.error', byStatus: { 404: 'consent.linkInvalid' } },
} as const satisfies Record<string, ErrorWords>

export type ErrorScreen = keyof typeof ERROR_SCREENS

/** What errorMessage reads of a failure: the client's ApiError (src/api/errors.ts) has it. */
export interface ErrorFacts {
  /** HTTP status, or 503 when no response came */
  readonly code: number
  readonly type?: string | undefined
  /** HTTP status of the answer; absent when none came */
  readonly status?: number | undefined
  /** docs/product/8-errors.md 'Conflict' without a code (profile update, src/api/wrappers/users.ts) */
  readonly message?: string | undefined
}

/** The facts of anything thrown: an ApiError, a login errType, or anything else (a 500). */
export function errorFacts(error: unknown): ErrorFacts {
  if (typeof error === 'string') {
    return error === NO_RESPONSE_ERR_TYPE ? { code: 503 } : { code: 200, type: error }
  }
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'number') {
    const read = (name: 'type' | 'message' | 'status'): unknown =>
      name in error ? (error as Record<string, unknown>)[name] : undefined
    const type = read('type')
    const message = read('message')
    const status = read('status')
    return {
      code: error.code,
      ...(typeof type === 'string' ? { type } : {}),
      ...(typeof message === 'string' ? { message } : {}),
      ...(typeof status === 'number' ? { status } : {}),
    }
  }
  return { code: 500 }
}

/**
 * The catalog key of a failure: its code's own words; else the screen's words for its status
 * (a 409 'Conflict' too); else too many requests (429) or no response (503); else the screen's
 * fallback.
 */
export function errorKey(error: unknown, screen?: ErrorScreen): MessageKey {
  const words: Partial<ErrorWords> = screen === undefined ? {} : ERROR_SCREENS[screen]
  const facts = errorFacts(error)
  const own = isApiErrorType(facts.type) ? API_ERROR_KEYS[facts.type] : GENERIC
  if (own !== GENERIC) return own
  const status = facts.message === 'Conflict' && facts.code !== 409 ? 409 : facts.code
  const byStatus: MessageKey | undefined = words.byStatus?.[status]
  if (byStatus) return byStatus
  if (status === 429) return TOO_MANY_REQUESTS
  if (status === 503 && facts.status === undefined) return NO_RESPONSE
  return words.fallback ?? GENERIC
}

/** The words of a failure in the page's language; `params` fill the screen's own message. */
export function errorMessage(
  error: unknown,
  t: Pick<AppTranslator, 't'>,
  screen?: ErrorScreen,
  params?: MessageParams,
): string {
  return t.t(errorKey(error, screen), params)
}

/**
 * The payment step's failure (docs/product/5-rules.md, docs/product/8-errors.md): a card_error or validation_error shows the
 * provider's own message (it speaks to the payer, in the payer's language); a payment the payer
 * gave up ('cancelled', decision 025) says so; anything else is
 * 'appointment.error.errorDuringPayment'.
 */
export function paymentFailureMessage(
  failure: { readonly type?: string | null; readonly message?: string | null } | null,
  t: Pick<AppTranslator, 't'>,
): string {
  if (failure?.type === 'cancelled') return t.t('payment.cancelled')
  return (
    providerMessageOf(failure?.type, failure?.message) ??
    t.t('appointment.error.errorDuringPayment')
  )
}
