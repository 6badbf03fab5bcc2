import { describe, expect, it } from 'vitest'
import { detailHref, detailIdOf, misroutedAccountPath, resetTokenOf } from './account-routes'

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash })

describe('account addresses on a static site', () => {
  it('an order is ?id= on the list page; the path form is read too', () => {
    expect(detailIdOf(at('/profile/orders', '?id=abc'), 'orders')).toBe('abc')
    expect(detailIdOf(at('/en/profile/orders/'), 'orders')).toBeUndefined()
    expect(detailIdOf(at('/en/profile/orders/a%20b'), 'orders')).toBe('a b')
    expect(detailIdOf(at('/profile/eshoporders/42'), 'eshoporders')).toBe('42')
    expect(detailIdOf(at('/profile/eshoporders/42'), 'orders')).toBeUndefined()
    expect(detailIdOf(at('/profile/orders', '?id='), 'orders')).toBeUndefined()
    expect(detailHref('/en/profile/orders', 'a/b')).toBe('/en/profile/orders?id=a%2Fb')
  })

  it('a reset token: hash first, then ?token=, then the mailed path', () => {
    expect(resetTokenOf(at('/profile/password-reset', '', '#tok123'))).toBe('tok123')
    expect(resetTokenOf(at('/profile/password-reset', '?token=tok456'))).toBe('tok456')
    expect(resetTokenOf(at('/de/profile/password-reset/tok789'))).toBe('tok789')
    expect(resetTokenOf(at('/profile/password-reset'))).toBeUndefined()
    expect(resetTokenOf(at('/profile/password-reset', '', '#'))).toBeUndefined()
  })

  it('path forms that reach another page are sent to their static page', () => {
    expect(misroutedAccountPath('/profile/password-reset/tok')).toBe('/profile/password-reset#tok')
    expect(misroutedAccountPath('/en/profile/password-reset/tok/')).toBe(
      '/en/profile/password-reset#tok',
    )
    expect(misroutedAccountPath('/it/profile/orders/7')).toBe('/it/profile/orders?id=7')
    expect(misroutedAccountPath('/profile/eshoporders/9')).toBe('/profile/eshoporders?id=9')
    expect(misroutedAccountPath('/profile/orders')).toBeUndefined()
    expect(misroutedAccountPath('/magazine/post')).toBeUndefined()
    expect(misroutedAccountPath('/xx/profile/orders/7')).toBeUndefined()
  })
})
