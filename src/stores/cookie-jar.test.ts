import { describe, expect, it } from 'vitest'
import { parseCookies, serializeCookie } from './cookie-jar'

describe('cookie jar', () => {
  it('round-trips encoded values and keeps the first of duplicate names', () => {
    const header = `${serializeCookie('a', '[{"x":1}]').split(';')[0]}; b=2; a=ignored`
    expect(parseCookies(header).get('a')).toBe('[{"x":1}]')
    expect(parseCookies(header).get('b')).toBe('2')
  })

  it('writes a session cookie without Max-Age and a lasting one with it', () => {
    expect(serializeCookie('s', 'v')).toBe('s=v; Path=/; SameSite=Lax')
    expect(serializeCookie('s', 'v', { maxAge: 10 })).toBe('s=v; Path=/; Max-Age=10; SameSite=Lax')
    expect(serializeCookie('s', 'v', { secure: true })).toBe('s=v; Path=/; SameSite=Lax; Secure')
  })
})
