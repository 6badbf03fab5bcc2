import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ApiError, unavailable } from '#api/errors'
import { API_ERROR_TYPES } from '#contract/error'
import {
  API_ERROR_KEYS,
  ERROR_SCREENS,
  type ErrorScreen,
  errorKey,
  errorMessage,
  GENERIC_ERROR_KEY,
  paymentFailureMessage,
} from './error-messages'
import { flattenCatalog } from './flatten'
import { LOCALES, type Locale } from './locales'
import { createTranslator } from './messages'
import de from './messages/de.json'
import en from './messages/en.json'
import es from './messages/es.json'
import fr from './messages/fr.json'
import itCatalog from './messages/it.json'

// the JSON files themselves, not the typed catalogs: what each language really holds
const raw: Record<Locale, Readonly<Record<string, string>>> = {
  fr: flattenCatalog(fr),
  en: flattenCatalog(en),
  es: flattenCatalog(es),
  it: flattenCatalog(itCatalog),
  de: flattenCatalog(de),
}
const screenKeys = Object.values(ERROR_SCREENS).flatMap((words) => [
  words.fallback,
  ...Object.values('byStatus' in words ? words.byStatus : {}),
])

/** decision 017's refusals, each with its own words (docs/decisions/017-abuse-limits.md) */
const ABUSE_LIMITS = [
  'tooManyHolds',
  'tooManyHoldsForDay',
  'holdTimeLimit',
  'tooManyHoldsToday',
  'tooManyPendingCarts',
  'tooManyCodeChecks',
] as const

describe('error vocabulary: every code has words in every language', () => {
  it('docs/product/8-errors.md: every API error code of the contract has a catalog key', () => {
    expect(Object.keys(API_ERROR_KEYS).sort()).toEqual([...API_ERROR_TYPES].sort())
  })

  it.each(LOCALES)('%s holds every key of the codes and the screens, not empty', (locale) => {
    const keys = [...new Set([...Object.values(API_ERROR_KEYS), ...screenKeys])]
    const missing = keys.filter((key) => !raw[locale][key]?.trim())
    expect(missing).toEqual([])
  })

  it('every reason docs/api/errors.md lists is a contract code', () => {
    const table = readFileSync(new URL('../../docs/api/errors.md', import.meta.url), 'utf8')
    const rows = table.split('\n').filter((line) => /^\| \d{3} /.test(line))
    const listed = rows.flatMap((row) => [...(row.split('|')[2] ?? '').matchAll(/`([a-z]\w*)`/g)])
    const known: readonly string[] = API_ERROR_TYPES
    expect(listed.length).toBeGreaterThan(50)
    expect(listed.map((match) => match[1]).filter((type) => !known.includes(type ?? ''))).toEqual(
      [],
    )
  })
})

describe('error vocabulary: the abuse limits (decision 017)', () => {
  it.each(LOCALES)('%s: each 429 of a limit has its own words, none the generic ones', (locale) => {
    const t = createTranslator(locale)
    const texts = ABUSE_LIMITS.map((type) => errorMessage(new ApiError(429, 'x', { type }), t))
    expect(new Set(texts).size).toBe(ABUSE_LIMITS.length)
    for (const text of texts) {
      expect(text).not.toBe(t.t(GENERIC_ERROR_KEY))
      expect(text).not.toBe(t.t('error.tooManyRequests'))
    }
  })

  it('the screen where a limit is met shows the limit, not its own fallback', () => {
    const hold = new ApiError(429, 'At most 20 services…', { type: 'tooManyHolds', status: 429 })
    expect(errorKey(hold, 'hold')).toBe('error.limit.tooManyHolds')
    const carts = new ApiError(429, '…', { type: 'tooManyPendingCarts', status: 429 })
    expect(errorKey(carts, 'giftPurchase')).toBe('error.limit.tooManyPendingCarts')
    expect(errorKey(carts, 'eshopCheckout')).toBe('error.limit.tooManyPendingCarts')
    const codes = new ApiError(429, '…', { type: 'tooManyCodeChecks', status: 429 })
    expect(errorKey(codes, 'coupon')).toBe('error.limit.tooManyCodeChecks')
  })
})

describe('errorMessage', () => {
  it('never shows the server message, in the page language', () => {
    const t = createTranslator('en')
    const failure = new ApiError(409, 'Conflict: not enough units of article 7 in stock.', {
      type: 'outOfStock',
      status: 409,
    })
    expect(errorMessage(failure, t, 'eshopCheckout')).toBe(t.t('eshop.notEnoughStock'))
  })

  it('an unknown code: the screen fallback, else the generic message, in the page language', () => {
    const unknown = new ApiError(400, 'Something new.', { type: 'somethingNew', status: 400 })
    for (const locale of LOCALES) {
      const t = createTranslator(locale)
      expect(errorMessage(unknown, t)).toBe(raw[locale]['error.generic'])
      expect(errorMessage(unknown, t, 'orders')).toBe(raw[locale]['orders.loadError'])
    }
    expect(errorMessage('not an error', createTranslator('de'), 'login')).toBe(
      raw.de['auth.errType.unknown'],
    )
    expect(errorMessage(undefined, createTranslator('it'))).toBe(raw.it['error.generic'])
  })

  it('docs/product/8-errors.md: no response is "Le service est indisponible." in the page language', () => {
    expect(errorMessage(unavailable(new TypeError('fetch failed')), createTranslator('fr'))).toBe(
      'Le service est indisponible.',
    )
    expect(errorMessage(unavailable(null), createTranslator('es'), 'profile')).toBe(
      raw.es['error.serviceUnavailable'],
    )
    // login answers errType 'server' when no response came
    expect(errorKey('server', 'login')).toBe('error.serviceUnavailable')
    // a 503 that did answer (paymentNotConfigured, retry) is not "no response"
    expect(errorKey(new ApiError(503, 'x', { status: 503 }), 'orders')).toBe('orders.loadError')
  })

  it('login refusals by their errType (docs/product/8-errors.md)', () => {
    expect(errorKey('credentials', 'login')).toBe('auth.errType.credentials')
    expect(errorKey('unknownUser', 'login')).toBe('auth.errType.notFound')
    expect(errorKey('noPassword', 'login')).toBe('auth.errType.noPassword')
    expect(errorKey('invalidProviderToken', 'login')).toBe('auth.errType.provider')
    expect(errorKey('somethingNew', 'login')).toBe('auth.errType.unknown')
  })

  it('docs/product/5-rules.md, docs/product/8-errors.md: a 409 Conflict in the words of its screen', () => {
    expect(errorKey({ code: 409, message: 'Conflict' }, 'profile')).toBe('profile.conflict')
    expect(errorKey({ code: 500, message: 'Conflict' }, 'profile')).toBe('profile.conflict')
    expect(errorKey({ code: 409, type: 'conflict' }, 'register')).toBe('auth.errType.accountExists')
    expect(errorKey({ code: 409, type: 'notEnoughPoints' }, 'loyalty')).toBe(
      'loyalty.notEnoughPoints',
    )
    expect(errorKey({ code: 404, type: 'unknownPalier' }, 'loyalty')).toBe('loyalty.exchangeError')
    expect(errorKey({ code: 500, message: 'boom' }, 'profile')).toBe('profile.error')
  })

  it('codes, rate limits and reset tokens', () => {
    expect(errorKey({ code: 400, type: 'invalidCode' }, 'register')).toBe('auth.errType.code')
    expect(errorKey({ code: 429, type: 'tooManyCodes' }, 'register')).toBe(
      'auth.errType.tooManyCodes',
    )
    expect(errorKey({ code: 429, type: 'tooManyAttempts' }, 'login')).toBe(
      'auth.errType.tooManyAttempts',
    )
    // a 429 of a reason not known yet still says "wait", not "something failed"
    expect(errorKey({ code: 429, type: 'somethingNew' }, 'resend')).toBe('error.tooManyRequests')
    expect(errorKey({ code: 404, type: 'invalidResetToken' }, 'reset')).toBe('auth.resetInvalid')
  })

  it('the coupon field: each refusal of the API (decision 013)', () => {
    const refusal = (code: number, type?: string) =>
      errorKey(new ApiError(code, 'x', { type, status: code }), 'coupon')
    expect(refusal(404, 'notFound')).toBe('coupon.field.refused.unknown')
    expect(refusal(400, 'couponExpired')).toBe('coupon.field.refused.expired')
    expect(refusal(400, 'couponNotApplicable')).toBe('coupon.field.refused.notApplicable')
    expect(refusal(409, 'couponUsed')).toBe('coupon.field.refused.used')
    expect(refusal(401, 'couponSignIn')).toBe('coupon.field.refused.signIn')
    expect(refusal(400, 'invalidInput')).toBe('coupon.field.refused.error')
    expect(errorKey(unavailable(null), 'coupon')).toBe('error.serviceUnavailable')
  })

  it('a hold that failed names its slot (the screen message takes params)', () => {
    const t = createTranslator('fr')
    const taken = new ApiError(409, 'Conflict', { type: 'conflict', status: 409 })
    expect(errorMessage(taken, t, 'hold', { when: '10:00', service: 'Soin' })).toBe(
      t.t('booking.holdFailed', { when: '10:00', service: 'Soin' }),
    )
  })

  it.each(Object.keys(ERROR_SCREENS) as ErrorScreen[])(
    'screen %s: its fallback for an unknown failure',
    (screen) => {
      expect(errorKey(new Error('boom'), screen)).toBe(ERROR_SCREENS[screen].fallback)
    },
  )
})

describe('paymentFailureMessage (docs/product/5-rules.md, docs/product/8-errors.md)', () => {
  const t = createTranslator('it')
  const generic = raw.it['appointment.error.errorDuringPayment']

  it('card_error and validation_error show the provider message', () => {
    expect(paymentFailureMessage({ type: 'card_error', message: 'Carta rifiutata.' }, t)).toBe(
      'Carta rifiutata.',
    )
    expect(paymentFailureMessage({ type: 'validation_error', message: 'Incompleto' }, t)).toBe(
      'Incompleto',
    )
  })

  it('a payment the payer gave up says so, whatever the provider wrote (decision 025)', () => {
    expect(paymentFailureMessage({ type: 'cancelled', message: 'ABANDONED' }, t)).toBe(
      raw.it['payment.cancelled'],
    )
  })

  it('anything else is the generic payment message of the page language', () => {
    expect(paymentFailureMessage({ type: 'api_error', message: 'Internal' }, t)).toBe(generic)
    expect(paymentFailureMessage({ type: 'card_error', message: ' ' }, t)).toBe(generic)
    expect(paymentFailureMessage(null, t)).toBe(generic)
  })
})
