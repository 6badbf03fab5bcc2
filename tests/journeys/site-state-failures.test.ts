import type { Page, Route } from 'playwright-core'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { type Locale, t } from '#i18n/index'
import { BAINS, seriousAxe, siteBrowser } from './support/site'

// docs/product/4-states.md site states reached at runtime: shop data that cannot load sends the
// visitor to /waiting?from=<the page they were on>, which returns them there; a company token
// that cannot be had shows the company's maintenance page. In the visitor's language.
const site = siteBrowser()
afterEach(() => site.closeContexts())
afterAll(() => site.close())

const prefix = (locale: Locale) => (locale === 'fr' ? '' : `/${locale}`)
const SERVICE = '/services/massages/massage-deep-tissue'
const SHOP = 'Les Bains du Lac Annecy'
const isAvailability = (url: URL) => url.pathname === '/api/appointments'
const json503 = (route: Route) =>
  route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":503}' })

/** Opens the booking of a service and picks the shop: the slot grid then asks for the availability. */
async function openBooking(locale: Locale, page: Page) {
  await page.goto(site.url(BAINS, `${prefix(locale)}${SERVICE}?page=reserved`))
  const dialog = page.getByRole('dialog', { name: t(locale, 'booking.shopDialogTitle') })
  await dialog.waitFor()
  await dialog.getByRole('button', { name: `${t(locale, 'booking.bookHere')} – ${SHOP}` }).click()
}

describe('overload: shop data that cannot load sends the visitor to /waiting', () => {
  it.for([
    ['fr', 'a 503'],
    ['en', 'no answer'],
  ] as const)(
    '%s: availability failing with %s, then back once it answers',
    async ([locale, how]) => {
      const { context, page, errors } = await site.open(BAINS)
      let overloaded = true
      await context.route(isAvailability, (route) => {
        if (!overloaded) return route.continue()
        return how === 'a 503' ? json503(route) : route.abort('connectionrefused')
      })
      await openBooking(locale, page)
      const from = `${prefix(locale)}${SERVICE}?page=reserved`
      await page.waitForURL((url) => url.pathname === `${prefix(locale)}/waiting`)
      const landed = new URL(page.url())
      expect(landed.searchParams.get('from')).toBe(from)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        t(locale, 'waiting.title'),
      )
      expect(await seriousAxe(page)).toEqual([])
      // the API answers again: retry finds the shops and goes back to the booking
      overloaded = false
      await page.getByRole('link', { name: t(locale, 'waiting.retry') }).click()
      await page.waitForURL((url) => `${url.pathname}${url.search}` === from)
      expect(errors).toEqual([])
    },
  )

  it('a refusal that is not overload stays on the page with its own message', async () => {
    const { context, page, errors } = await site.open(BAINS)
    let asked = 0
    await context.route(isAvailability, (route) => {
      asked += 1
      return route.fulfill({ status: 400, contentType: 'application/json', body: '{"code":400}' })
    })
    await openBooking('fr', page)
    await expect.poll(() => asked).toBeGreaterThan(0)
    await page.getByRole('button', { name: t('fr', 'booking.retry') }).waitFor()
    expect(new URL(page.url()).pathname).toBe(SERVICE)
    expect(errors).toEqual([])
  })
})

describe('a company token failure shows the maintenance page', () => {
  it.for([
    ['fr', 503],
    ['en', 401],
    ['de', 403],
    ['es', 'network'],
  ] as const)('%s: the token call answering %s', async ([locale, failure]) => {
    const { context, page, errors } = await site.open(BAINS)
    const path = `${prefix(locale)}${SERVICE}`
    // ?page=reserved: the booking island starts with the page
    // a page without the token (an older build) asks the API for it by host: the attribute is
    // taken off <html> as soon as it is parsed, before any module script runs
    await context.addInitScript(() => {
      const strip = () => document.documentElement?.removeAttribute('data-company-token')
      new MutationObserver(strip).observe(document, {
        childList: true,
        subtree: true,
        attributes: true,
      })
    })
    let asked = 0
    await context.route('**/api/companies/token/host/**', (route) => {
      asked += 1
      if (failure === 'network') return route.abort('connectionrefused')
      return route.fulfill({
        status: failure,
        contentType: 'application/json',
        body: JSON.stringify({ code: failure }),
      })
    })
    // the API stays down for this company: the maintenance page keeps the visitor
    await context.route('**/api/companies/offline', json503)
    await page.goto(site.url(BAINS, `${path}?page=reserved`))
    await page.waitForURL((url) => url.pathname === `${prefix(locale)}/disabled`)
    expect(asked).toBe(1)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      t(locale, 'maintenance.title'),
    )
    expect(await page.locator('html').getAttribute('lang')).toMatch(new RegExp(`^${locale}`))
    expect(await seriousAxe(page)).toEqual([])
    expect(errors).toEqual([])
  })
})
