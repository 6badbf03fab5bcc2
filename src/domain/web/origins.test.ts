import { describe, expect, it } from 'vitest'
import { parseOrigins, siteOriginHost } from './origins'

describe('parseOrigins', () => {
  it('keeps exact http(s) origins, once each, and drops anything else', () => {
    expect(
      parseOrigins(
        ' https://admin.example.com/app , http://localhost:5173,null,javascript:alert(1),ftp://x.test,,word,https://admin.example.com',
      ),
    ).toEqual(['https://admin.example.com', 'http://localhost:5173'])
    expect(parseOrigins(undefined)).toEqual([])
    expect(parseOrigins('')).toEqual([])
  })
})

describe('siteOriginHost', () => {
  it('gives the host of an https origin, any port', () => {
    expect(siteOriginHost('https://salon.example.com')).toBe('salon.example.com')
    expect(siteOriginHost('https://salon.example.com:8443')).toBe('salon.example.com')
  })

  it('takes http only for localhost names (the development sites)', () => {
    expect(siteOriginHost('http://alpha.localhost:4321')).toBe('alpha.localhost')
    expect(siteOriginHost('http://localhost:4321')).toBe('localhost')
    expect(siteOriginHost('http://salon.example.com')).toBeUndefined()
    expect(siteOriginHost('http://localhost.evil.test')).toBeUndefined()
  })

  it('refuses what is not exactly an origin', () => {
    for (const origin of [
      'null',
      '',
      'https://salon.example.com/',
      'https://salon.example.com/path',
      'https://user@salon.example.com',
      'https://salon.example.com?x=1',
      'ftp://salon.example.com',
      'javascript:alert(1)',
      'salon.example.com',
    ]) {
      expect(siteOriginHost(origin), origin).toBeUndefined()
    }
  })
})
