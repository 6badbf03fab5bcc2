import { describe, expect, it } from 'vitest'
import { memoryCookieJar } from '#stores/cookie-jar'
import { RECENT_SHOPS_COOKIE, recentShopIds, recordShopVisit } from './recent-visits'

describe('recent shops cookie (docs/product/9-constants.md)', () => {
  it('a visit puts the shop first, once, and keeps the cookie a year', () => {
    const jar = memoryCookieJar({ [RECENT_SHOPS_COOKIE]: '12-3' })
    expect(recordShopVisit('3', jar)).toEqual(['3', '12'])
    expect(recordShopVisit('45', jar)).toEqual(['45', '3', '12'])
    expect(recentShopIds(jar)).toEqual(['45', '3', '12'])
    expect(jar.get(RECENT_SHOPS_COOKIE)).toBe('45-3-12')
  })

  it('an id that cannot be stored leaves the history as it is', () => {
    const jar = memoryCookieJar({ [RECENT_SHOPS_COOKIE]: '12' })
    expect(recordShopVisit('a-b;c', jar)).toEqual(['12'])
  })
})
