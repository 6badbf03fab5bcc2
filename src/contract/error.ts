import * as z from 'zod/mini'
import type { ServiceGroup } from './call'

/**
 * docs/product/8-errors.md. Every failure reaches the code as ApiError {code, message}: `code` is the HTTP status
 * (or 503 when no response came), `message` is for people.
 */
export const apiError = z.object({ code: z.int(), message: z.string() })
export type ApiError = z.infer<typeof apiError>

export const SERVICE_UNAVAILABLE: ApiError = { code: 503, message: 'Le service est indisponible.' }

/**
 * Body of a 'first' group error: code and message, and errors[0].sMessage overrides message.
 * Loose: the back end may add fields the normaliser ignores.
 */
export const firstErrorBody = z.looseObject({
  code: z.optional(z.union([z.int(), z.string()])),
  message: z.optional(z.string()),
  errors: z.optional(z.array(z.looseObject({ sMessage: z.string() }))),
})
export type FirstErrorBody = z.infer<typeof firstErrorBody>

/** Body of a 'marketplace' or 'booking' group error: the details sit in an errors object. */
export const objectErrorBody = z.looseObject({
  errors: z.looseObject({
    code: z.optional(z.union([z.int(), z.string()])),
    message: z.optional(z.string()),
  }),
})
export type ObjectErrorBody = z.infer<typeof objectErrorBody>

/**
 * Every reason the API names in an error's `type` (and login refusals in `errType`), the codes of
 * docs/product/8-errors.md that the storefront turns into words (src/i18n/error-messages.ts maps each one to a
 * catalog key; the server's ApiError takes only these, so a new reason fails the typecheck until
 * it has words). What each means: docs/api/errors.md.
 */
export const API_ERROR_TYPES = [
  // request and session
  'badRequest',
  'invalidJson',
  'invalidInput',
  'missingParams',
  'payloadTooLarge',
  'companyRequired',
  'societyNotRegister',
  'unauthorized',
  'invalidToken',
  'wrongAccountKind',
  'forbidden',
  'notFound',
  'conflict',
  'httpError',
  'retry',
  'internal',
  'invalidResponse',
  'notificationFailed',
  // accounts
  'credentials',
  'unknownUser',
  'noPassword',
  'passwordAlreadySet',
  'lastSignInMethod',
  'cannotDeleteSelf',
  'cannotDemoteSelf',
  'invalidCode',
  'codeExpired',
  'codeRequired',
  'invalidResetToken',
  'tooManyAttempts',
  'tooManyCodes',
  'signInCodeRequired',
  'providerNotConfigured',
  'invalidProviderToken',
  'emailNotVerified',
  'providerUnavailable',
  // social sign-in redirect flow (docs/decisions/031-social-sign-in-oidc.md)
  'socialFlowInvalid',
  'socialCancelled',
  'socialIdentityTaken',
  'slugTaken',
  // booking
  'slotUnavailable',
  'holdsExpired',
  'alreadyStarted',
  'tooManyHolds',
  'tooManyHoldsForDay',
  'holdTimeLimit',
  'tooManyHoldsToday',
  // a service booked at the salon only (docs/decisions/092-week-prices-and-online-booking.md)
  'onlineBookingOff',
  // customers managing their visit (docs/decisions/038-visit-policy.md)
  'manageNotAllowed',
  'manageDeadlinePassed',
  'visitPast',
  'notManageable',
  'rescheduleCostsMore',
  // a dearer move paid first (docs/decisions/042-reschedule-pay-difference.md)
  'rescheduleDifferenceDue',
  'rescheduleNotDearer',
  // coupons and gift vouchers
  'couponExpired',
  'couponNotApplicable',
  'couponUsed',
  'couponSignIn',
  'giftsDisabled',
  'unknownGiftTheme',
  'invalidGiftAmount',
  'giftNotFound',
  'giftUsed',
  'giftExpired',
  'giftUnusable',
  'giftInUse',
  'tooManyResends',
  'tooManyCodeChecks',
  // loyalty, e-shop
  'unknownPalier',
  'noLoyaltyCard',
  'noLoyaltyProgram',
  'notEnoughPoints',
  'emptyOrder',
  'outOfStock',
  // payment
  'paymentDisabled',
  'paymentNotConfigured',
  'paymentProviderError',
  'unknownProvider',
  'wrongProvider',
  'invalidSignature',
  'noHolds',
  'cartChanged',
  'cartNotPayable',
  'alreadyPaid',
  'amountTooLarge',
  'amountMismatch',
  'tokenExpired',
  'notDueAtShop',
  'giftTooSmall',
  'notPaid',
  'tooManyPendingCarts',
  // booking admin
  'invalidTransition',
  'refundTooLarge',
  'refundNotSupported',
  // the studio's desk (docs/decisions/077-desk-booking.md)
  'customerExists',
  'customerCartOpen',
  'invalidPhone',
  // waitlist (docs/decisions/040-waitlist.md)
  'waitlistOff',
  'waitlistPastDay',
  'waitlistClosedDay',
  'waitlistDayHasSlots',
  'waitlistDuplicate',
  'waitlistWindow',
  'waitlistOfferGone',
  // consent forms (docs/decisions/080-consent-record.md)
  'consentLinkInvalid',
  'consentLinkExpired',
  'consentChanged',
  'consentLanguageMissing',
  // the platform (docs/decisions/085-company-creation.md, 086-database-routing.md)
  'alreadyInstalled',
  'hostTaken',
  'databaseUnavailable',
  // the media library (docs/decisions/081-media-storage.md)
  'notAnImage',
  'imageTooLarge',
  'imageTooManyPixels',
  'svgScripted',
  'altMissing',
  // a shop's slug and removal (docs/decisions/094-shop-lifecycle.md)
  'slugReserved',
  'lastShop',
  'shopHasFutureVisits',
  'shopHasUnpaidBills',
] as const
export const apiErrorType = z.enum(API_ERROR_TYPES)
export type ApiErrorType = z.infer<typeof apiErrorType>

export function isApiErrorType(value: unknown): value is ApiErrorType {
  return apiErrorType.safeParse(value).success
}

/**
 * The body our server sends for an error of a call of `group`, so the client's normalisation
 * (src/api) finds code and message where docs/product/8-errors.md says the group puts them.
 */
export function errorBodyFor(
  group: ServiceGroup,
  error: ApiError,
): FirstErrorBody | ObjectErrorBody {
  if (group === 'marketplace' || group === 'booking') {
    return { errors: { code: error.code, message: error.message } }
  }
  return { code: error.code, message: error.message }
}
