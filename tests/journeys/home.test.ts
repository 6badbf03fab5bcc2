import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { MAISON, SCREENS, seriousAxe, siteBrowser } from './support/site'

// docs/product/2-screens.md "Home": a mono home shows the company's sections, no hero (the hero
// carousel is the marketplace's). maison-lumiere's data has a hero image with a slide, which a
// mono home must not show.
const site = siteBrowser()
const QUIET = { 'preference-set': 'connection', 'coupon-dismissed': '1' }

afterEach(() => site.closeContexts())
afterAll(() => site.close())

describe.each(SCREENS)('the mono home on %s', (_name, viewport) => {
  it.each([
    ['fr', '/'],
    ['en', '/en/'],
  ] as const)(
    '%s: no hero, the company name as the heading, then its sections',
    async (lang, path) => {
      const { page, errors } = await site.open(MAISON, { viewport, cookies: QUIET })
      await page.addInitScript(() => sessionStorage.setItem('events-shown', '1'))
      await page.goto(site.url(MAISON, path), { waitUntil: 'networkidle' })
      await expect(page.locator('.hero').count()).resolves.toBe(0)
      await expect(page.locator('body.layout-hero').count()).resolves.toBe(0)
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'Maison Lumière',
      )
      await expect(page.locator('html').getAttribute('lang')).resolves.toMatch(
        new RegExp(`^${lang}`),
      )
      await expect(page.locator('main h2').count()).resolves.toBeGreaterThan(0)
      expect(await seriousAxe(page)).toEqual([])
      expect(errors).toEqual([])
    },
  )
})
