import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { parseRecentShops, serializeRecentShops } from '#domain/search/recent-shops'
import { BAINS, seriousAxe, siteBrowser } from './support/site'

// docs/product/9-constants.md recent shops: any shop id (a UUID's hyphens included) is kept in the
// cookie, the last visited first, for a year; the marketplace search lists the known ones.
const site = siteBrowser()
const QUIET = { 'preference-set': 'connection', 'coupon-dismissed': '1' }
// a shop of another marketplace, or created since this site was built: kept, not listed
const UUID = '3f2c9a1e-8b7d-4c5e-9f10-2a3b4c5d6e7f'
const YEAR_S = 365 * 86_400

afterEach(() => site.closeContexts())
afterAll(() => site.close())

describe.each([
  ['fr', '', 'Dernière visite', 'Déjà visitée'],
  ['en', '/en', 'Last visit', 'Visited'],
])('recent shops in %s', (_lang, prefix, lastVisit, visited) => {
  it('opening a shop puts it first and keeps an id with hyphens behind it', async () => {
    const { context, page, errors } = await site.open(BAINS, {
      cookies: {
        ...QUIET,
        // as document.cookie writes it: the value percent-encoded once more
        'recent-shops': encodeURIComponent(serializeRecentShops([UUID, '1'])),
      },
    })
    await page.addInitScript(() => sessionStorage.setItem('events-shown', '1'))
    await page.goto(site.url(BAINS, `${prefix}/chambery`))
    const cookie = async () =>
      (await context.cookies(site.url(BAINS, '/'))).find((one) => one.name === 'recent-shops')
    await expect
      .poll(async () => parseRecentShops(decodeURIComponent((await cookie())?.value ?? '')))
      .toEqual(['5', UUID, '1'])
    const expires = (await cookie())?.expires ?? 0
    expect(Math.abs(expires - Date.now() / 1000 - YEAR_S)).toBeLessThan(120)

    await page.goto(site.url(BAINS, `${prefix}/`))
    const recent = page.locator('.shop-recent')
    await expect.poll(() => recent.textContent()).toContain(lastVisit)
    const cards = recent.locator('li')
    await expect(cards.count()).resolves.toBe(2)
    await expect(cards.nth(0).textContent()).resolves.toContain('Chambéry')
    await expect(cards.nth(0).textContent()).resolves.toContain(lastVisit)
    await expect(cards.nth(1).textContent()).resolves.toContain('Annecy')
    await expect(cards.nth(1).textContent()).resolves.toContain(visited)
    expect(await seriousAxe(page)).toEqual([])
    expect(errors).toEqual([])
  })
})
