import { describe, expect, it } from 'vitest'
import { flatMessages } from '../../i18n'
import { LOCALES } from '../../i18n/locales'
import { ACCOUNT_ERROR_KEYS, accountErrorKey } from './errors'

describe('account error messages', () => {
  it('login refusals by their errType', () => {
    expect(accountErrorKey('credentials', 'login')).toBe('auth.errType.credentials')
    expect(accountErrorKey('unknownUser', 'login')).toBe('auth.errType.notFound')
    expect(accountErrorKey('noPassword', 'login')).toBe('auth.errType.noPassword')
    expect(accountErrorKey('server', 'login')).toBe('auth.errType.server')
    expect(accountErrorKey('somethingNew', 'login')).toBe('auth.errType.unknown')
  })

  it('a 409 Conflict is the profile conflict message (spec §5/§8), an existing account on register', () => {
    expect(accountErrorKey({ code: 409, message: 'Conflict' }, 'profile')).toBe('profile.conflict')
    expect(accountErrorKey({ code: 409, type: 'conflict' }, 'register')).toBe(
      'auth.errType.accountExists',
    )
    expect(accountErrorKey({ code: 500, message: 'boom' }, 'profile')).toBe('profile.error')
  })

  it('loyalty exchange refused for short points', () => {
    expect(accountErrorKey({ code: 409, type: 'notEnoughPoints' }, 'loyalty')).toBe(
      'loyalty.notEnoughPoints',
    )
    expect(accountErrorKey({ code: 404, type: 'unknownPalier' }, 'loyalty')).toBe(
      'loyalty.exchangeError',
    )
  })

  it('codes, rate limits, reset tokens and an unreachable service', () => {
    expect(accountErrorKey({ code: 400, type: 'invalidCode' }, 'register')).toBe(
      'auth.errType.code',
    )
    expect(accountErrorKey({ code: 429, type: 'tooManyCodes' }, 'register')).toBe(
      'auth.errType.tooManyCodes',
    )
    expect(accountErrorKey({ code: 429 }, 'login')).toBe('auth.errType.tooManyAttempts')
    expect(accountErrorKey({ code: 404, type: 'invalidResetToken' }, 'reset')).toBe(
      'auth.resetInvalid',
    )
    expect(accountErrorKey({ code: 503 }, 'orders')).toBe('auth.errType.server')
    expect(accountErrorKey({ code: 500 }, 'orders')).toBe('orders.loadError')
  })

  it('every key it may answer exists in every language', () => {
    for (const locale of LOCALES) {
      const messages = flatMessages(locale)
      const missing = ACCOUNT_ERROR_KEYS.filter((key) => messages[key] === undefined)
      expect(missing, locale).toEqual([])
    }
  })
})
