import { describe, expect, it } from 'vitest'
import { safeRedirect, withRedirect } from './safe-redirect'

const HOME = '/profile'

describe('safeRedirect: only paths of this site are followed', () => {
  it('keeps a local path with its query and hash', () => {
    expect(safeRedirect('/panier', HOME)).toBe('/panier')
    expect(safeRedirect('/en/services/soins?page=reserved#slots', HOME)).toBe(
      '/en/services/soins?page=reserved#slots',
    )
  })

  it('falls back without a value', () => {
    expect(safeRedirect(null, HOME)).toBe(HOME)
    expect(safeRedirect(undefined, HOME)).toBe(HOME)
    expect(safeRedirect('', HOME)).toBe(HOME)
    expect(safeRedirect('   ', HOME)).toBe(HOME)
  })

  it.each([
    'https://evil.example/',
    'http://evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,hi',
    'evil.example',
    '/..//evil.example',
    '/.//evil.example',
    'panier',
  ])('refuses %j (open redirect)', (value) => {
    expect(safeRedirect(value, HOME)).toBe(HOME)
  })

  it('never goes back to a login or register page', () => {
    expect(safeRedirect('/auth/customer/login', HOME)).toBe(HOME)
    expect(safeRedirect('/en/auth/customer/register?redirect=/x', HOME)).toBe(HOME)
    expect(safeRedirect('/authors', HOME)).toBe('/authors')
  })

  it('withRedirect adds the encoded target, or nothing for an unsafe one', () => {
    expect(withRedirect('/auth/customer/login', '/panier?x=1')).toBe(
      '/auth/customer/login?redirect=%2Fpanier%3Fx%3D1',
    )
    expect(withRedirect('/auth/customer/login', '/auth/customer/register')).toBe(
      '/auth/customer/login',
    )
    expect(withRedirect('/auth/customer/login', '//evil.example')).toBe('/auth/customer/login')
  })
})
