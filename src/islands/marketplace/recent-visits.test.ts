import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { COOKIE_LIFETIME_S } from '#contract/constants'
import { type CookieJar, memoryCookieJar, parseCookies, serializeCookie } from '#stores/cookie-jar'
import { RECENT_SHOPS_COOKIE, recentShopIds, recordShopVisit } from './recent-visits'

const UUID_A = '3f2c9a1e-8b7d-4c5e-9f10-2a3b4c5d6e7f'
const UUID_B = 'c0ffee00-1234-4abc-8def-0123456789ab'

/** A jar that goes through the Set-Cookie text and the Cookie header, as document.cookie does. */
function headerCookieJar(): CookieJar & { header: () => string; setCookies: string[] } {
  const values = new Map<string, string>()
  const setCookies: string[] = []
  const header = () => [...values].map(([name, value]) => `${name}=${value}`).join('; ')
  return {
    header,
    setCookies,
    get: (name) => parseCookies(header()).get(name),
    set: (name, value, options) => {
      const line = serializeCookie(name, value, options)
      setCookies.push(line)
      const pair = line.slice(0, line.indexOf(';'))
      values.set(name, pair.slice(pair.indexOf('=') + 1))
    },
    remove: (name) => void values.delete(name),
  }
}

describe('recent shops cookie (docs/product/9-constants.md)', () => {
  it('a visit puts the shop first, once, and keeps the cookie a year', () => {
    const jar = memoryCookieJar({ [RECENT_SHOPS_COOKIE]: '12-3' })
    expect(recordShopVisit('3', jar)).toEqual(['3', '12'])
    expect(recordShopVisit('45', jar)).toEqual(['45', '3', '12'])
    expect(recentShopIds(jar)).toEqual(['45', '3', '12'])
    expect(jar.get(RECENT_SHOPS_COOKIE)).toBe('45-3-12')
    expect(jar.options.get(RECENT_SHOPS_COOKIE)).toEqual({ maxAge: COOKIE_LIFETIME_S.recentShops })
  })

  it('UUIDs and other ids with hyphens are remembered like any other', () => {
    const jar = headerCookieJar()
    recordShopVisit(UUID_A, jar)
    recordShopVisit('12', jar)
    expect(recordShopVisit(UUID_B, jar)).toEqual([UUID_B, '12', UUID_A])
    expect(recordShopVisit(UUID_A, jar)).toEqual([UUID_A, UUID_B, '12'])
    expect(recentShopIds(jar)).toEqual([UUID_A, UUID_B, '12'])
    expect(jar.setCookies.at(-1)).toContain(`; Max-Age=${COOKIE_LIFETIME_S.recentShops}`)
  })

  it('an id that cannot be stored leaves the history as it is', () => {
    const jar = memoryCookieJar({ [RECENT_SHOPS_COOKIE]: '12' })
    expect(recordShopVisit('', jar)).toEqual(['12'])
    expect(recordShopVisit('\uD800', jar)).toEqual(['12'])
  })

  it('any ids, through the real cookie text: the last ten visited, most recent first, each once', () => {
    const anyId = fc.oneof(
      fc.uuid(),
      // any script, short enough to be stored (src/domain/search/recent-shops.ts)
      fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 6 })
        .filter((id) => encodeURIComponent(id).length <= 150),
      fc.stringMatching(/^[-,;= %a-z0-9]{1,12}$/),
      fc.constantFrom('-', ',', '--', 'é-à', '店舗-1'),
    )
    fc.assert(
      fc.property(fc.array(anyId, { minLength: 1, maxLength: 15 }), (visits) => {
        const jar = headerCookieJar()
        for (const id of visits) recordShopVisit(id, jar)
        const expected: string[] = []
        for (const id of [...visits].reverse()) if (!expected.includes(id)) expected.push(id)
        expect(recentShopIds(jar)).toEqual(expected.slice(0, 10))
        // browsers keep a cookie of up to 4096 bytes, name and value together
        expect(new TextEncoder().encode(jar.header()).length).toBeLessThan(4096)
      }),
      { numRuns: 40 },
    )
  })
})
