import type { Page } from 'playwright-core'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { type Locale, t } from '#i18n/index'
import { BAINS, MAISON, seriousAxe, siteBrowser } from './support/site'

/**
 * The error pages (docs/product/2-screens.md error pages, docs/product/8-errors.md pages;
 * docs/decisions/064-error-page-preview-and-shop-times.md): a status number, an image, the title
 * of the error (page not found for a 404, the company not registered for a company error, the
 * generic one otherwise) and a way home, except for a company error.
 */
const site = siteBrowser()
afterEach(() => site.closeContexts())
afterAll(() => site.close())

const prefix = (locale: Locale) => (locale === 'fr' ? '' : `/${locale}`)
const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent()

/** The error image is drawn, with its room reserved (width and height of its own). */
async function expectImage(page: Page) {
  const box = await page.locator('[data-error-image]').boundingBox()
  expect(box?.width).toBeGreaterThan(50)
  expect(box?.height).toBeGreaterThan(50)
}

describe('the 404 page', () => {
  it.for(['fr', 'en'] as const)(
    '%s: page-not-found title, both texts, the image, a way home',
    async (locale) => {
      const { page, errors } = await site.open(MAISON, {
        cookies: { 'preference-set': 'connection' },
      })
      const response = await page.goto(site.url(MAISON, `${prefix(locale)}/nulle-part`))
      expect(response?.status()).toBe(404)
      expect(await h1(page)).toBe(t(locale, 'error.pageNotFound'))
      const main = (await page.locator('main').textContent()) ?? ''
      expect(main).toContain(t(locale, 'error.notFoundText'))
      expect(main).toContain(t(locale, 'error.notFoundHero'))
      expect(main).toContain('404')
      expect(await page.title()).toBe(t(locale, 'error.pageTitle.notFound'))
      await expectImage(page)
      await expect(
        page.getByRole('link', { name: t(locale, 'error.backHome') }).count(),
      ).resolves.toBe(1)
      expect(await seriousAxe(page)).toEqual([])
      expect(errors).toEqual([])
    },
  )
})

describe('the generic error page', () => {
  it('the generic title, the status, the image and a way home', async () => {
    const { page } = await site.open(MAISON, { cookies: { 'preference-set': 'connection' } })
    await page.goto(site.url(MAISON, '/en/500'))
    expect(await h1(page)).toBe(t('en', 'error.generic'))
    expect(await page.locator('main').textContent()).toContain('500')
    await expectImage(page)
    await expect(page.getByRole('link', { name: t('en', 'error.backHome') }).count()).resolves.toBe(
      1,
    )
  })
})

describe('the company error page', () => {
  it.for(['fr', 'de'] as const)(
    '%s: company not registered, the image, no link back',
    async (locale) => {
      const { page, errors } = await site.open(BAINS)
      await page.goto(site.url(BAINS, `${prefix(locale)}/company-error`))
      expect(await h1(page)).toBe(t(locale, 'error.societyNotRegister'))
      expect(await page.locator('main').textContent()).toContain(
        t(locale, 'error.notRegisteredText'),
      )
      await expectImage(page)
      expect(await page.locator('a').count()).toBe(0)
      expect(await page.title()).toBe(t(locale, 'error.pageTitle.generic'))
      expect(await page.locator('html').getAttribute('lang')).toMatch(new RegExp(`^${locale}`))
      expect(await seriousAxe(page)).toEqual([])
      expect(errors).toEqual([])
    },
  )

  it('a call refused because the page’s company is no longer registered leads there', async () => {
    const { context, page } = await site.open(BAINS)
    await context.route(
      (url) => url.pathname === '/api/appointments',
      (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 404,
            type: 'societyNotRegister',
            message: 'Unknown company.',
          }),
        }),
    )
    await page.goto(site.url(BAINS, '/en/services/massages/massage-deep-tissue?page=reserved'))
    const dialog = page.getByRole('dialog', { name: t('en', 'booking.shopDialogTitle') })
    await dialog.waitFor()
    await dialog
      .getByRole('button', { name: `${t('en', 'booking.bookHere')} – Les Bains du Lac Annecy` })
      .click()
    await page.waitForURL((url) => url.pathname === '/en/company-error')
    expect(await h1(page)).toBe(t('en', 'error.societyNotRegister'))
  })
})
