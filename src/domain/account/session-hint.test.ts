import { describe, expect, it } from 'vitest'
import { AUTH_KEY } from '#stores/session'
import {
  accountEntries,
  CUSTOMER_AUTH_KEY,
  hasCustomerToken,
  PROVIDER_AUTH_KEY,
  sessionToCheck,
} from './session-hint'

const none = () => null

describe('the account menu before any framework', () => {
  it('uses the session store key', () => {
    expect(CUSTOMER_AUTH_KEY).toBe(AUTH_KEY.customer)
    expect(PROVIDER_AUTH_KEY).toBe(AUTH_KEY.provider)
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
    expect(accountEntries({ signedIn: false, shopOn: true })).toEqual(['login', 'register'])
    expect(accountEntries({ signedIn: true, shopOn: true, hasLoyaltyCard: true })).toEqual([
      'account',
      'orders',
      'eshoporders',
      'loyalty',
      'logout',
    ])
    expect(accountEntries({ signedIn: true, shopOn: false, hasLoyaltyCard: true })).toEqual([
      'account',
      'orders',
      'loyalty',
      'logout',
    ])
  })

  it('loyalty only for a customer whose card is loaded (docs/product/6-roles.md)', () => {
    for (const hasLoyaltyCard of [false, undefined]) {
      expect(accountEntries({ signedIn: true, shopOn: true, hasLoyaltyCard })).toEqual([
        'account',
        'orders',
        'eshoporders',
        'logout',
      ])
    }
  })
})

describe('the session checked at start-up (docs/decisions/063-last-partial-rows-of-the-api.md)', () => {
  const stored =
    (items: Record<string, string>) =>
    (key: string): string | null =>
      items[key] ?? null

  it('checks a restored provider session when no customer token is stored', () => {
    expect(sessionToCheck('auth.provider=tok', none)).toBe('provider')
    expect(sessionToCheck('', stored({ 'auth.provider': 'tok' }))).toBe('provider')
    expect(sessionToCheck('a=1; auth.provider=', none)).toBeNull()
    expect(sessionToCheck('', none)).toBeNull()
  })

  it('restores the customer first, as the session store does', () => {
    const both = stored({ 'auth.customer': 'c', 'auth.provider': 'p' })
    expect(sessionToCheck('', both)).toBe('customer')
    expect(sessionToCheck('auth.provider=p; auth.customer=c', none)).toBe('customer')
  })
})
