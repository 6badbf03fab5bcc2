import { describe, expect, it } from 'vitest'
import { AUTH_KEY } from '#stores/session'
import { accountEntries, CUSTOMER_AUTH_KEY, hasCustomerToken } from './session-hint'

const none = () => null

describe('the account menu before any framework', () => {
  it('uses the session store key', () => {
    expect(CUSTOMER_AUTH_KEY).toBe(AUTH_KEY.customer)
  })

  it('a token in local storage or in the cookie means signed in', () => {
    expect(hasCustomerToken('', none)).toBe(false)
    expect(hasCustomerToken('a=1; auth.customer=', none)).toBe(false)
    expect(hasCustomerToken('a=1; auth.customer=tok', none)).toBe(true)
    expect(hasCustomerToken('auth.provider=tok', none)).toBe(false)
    expect(hasCustomerToken('', (key) => (key === 'auth.customer' ? 'tok' : null))).toBe(true)
    const throwing = () => {
      throw new Error('denied')
    }
    expect(hasCustomerToken('', throwing)).toBe(false)
  })

  it('entries by state (docs/product/2-screens.md header and drawer)', () => {
    expect(accountEntries({ signedIn: false, shopOn: true }, 'menu')).toEqual(['login', 'register'])
    expect(accountEntries({ signedIn: true, shopOn: true }, 'menu')).toEqual([
      'account',
      'orders',
      'eshoporders',
      'loyalty',
      'logout',
    ])
    expect(accountEntries({ signedIn: true, shopOn: false }, 'menu')).toEqual([
      'account',
      'orders',
      'loyalty',
      'logout',
    ])
    expect(accountEntries({ signedIn: true, shopOn: false }, 'drawer')).toEqual([
      'account',
      'orders',
      'logout',
    ])
    expect(
      accountEntries({ signedIn: true, shopOn: true, hasLoyaltyCard: true }, 'drawer'),
    ).toEqual(['account', 'orders', 'eshoporders', 'loyalty', 'logout'])
  })
})
