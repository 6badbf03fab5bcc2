import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LOCALE_INFO, type Locale, t } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import { watchPage } from '#support/page-checks'
import type { RunningProduct } from '#support/product'
import { seriousAxe } from './support/site'
import { HOSTS, variantsProduct } from './support/variants-product'
import { DESKTOP } from './support/viewports'

/**
 * Site variants no demo tenant has, on the variants' product (docs/product/4-states.md;
 * support/variants-product.ts): a company with a single language other than French, whose '/'
 * serves that language, in English and in German; and a disabled company in debug mode, which
 * sees its site with the debug bar.
 */
const ENGLISH = HOSTS.english
const GERMAN = HOSTS.german
const DEBUG = HOSTS.debug

let product: RunningProduct
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  product = await variantsProduct()
  browser = await launchBrowser()
}, 440_000)

afterAll(async () => {
  await browser?.close()
})

afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((context) => context.close()))
})

async function open(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP })
  contexts.push(context)
  // nothing leaves loopback: third parties wait for consent, fonts are not needed here
  await context.route(/^https?:\/\/(?!([a-z0-9-]+\.)*localhost[:/]|127\.0\.0\.1[:/])/, (route) =>
    route.abort('blockedbyclient'),
  )
  const page = await context.newPage()
  return { page, ...watchPage(page) }
}

describe('a company with a single language other than French (docs/product/4-states.md)', () => {
  it.for([
    { host: ENGLISH, locale: 'en' as Locale },
    { host: GERMAN, locale: 'de' as Locale },
  ])('$locale: / serves the site in that language', async ({ host, locale }) => {
    const { page, problems } = await open()
    const response = await page.goto(product.url(host, '/'))
    expect(response?.status()).toBe(200)
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await page.locator('html').getAttribute('lang')).toBe(LOCALE_INFO[locale].iso)
    // its links stay in that language: the services page it leads to exists
    const services = page.locator(`a[href="/${locale}/services"]`).first()
    expect(await services.count()).toBe(1)
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
    expect(new URL(canonical ?? '', product.url(host)).pathname).toBe(`/${locale}`)
    expect(await page.title()).toContain(t(locale, 'nav.home'))
    expect(await seriousAxe(page)).toEqual([])
    // an unknown unprefixed address answers in that language too
    const missing = await page.goto(product.url(host, '/nulle-part'))
    expect(missing?.status()).toBe(404)
    expect(await page.locator('html').getAttribute('lang')).toBe(LOCALE_INFO[locale].iso)
    // docs/decisions/064-error-page-preview-and-shop-times.md: the page-not-found title
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      t(locale, 'error.pageNotFound'),
    )
    expect(problems).toEqual([])
  })
})

describe('a disabled company in debug mode (docs/product/2-screens.md debug bar)', () => {
  it.for(['fr', 'en'] as const)('%s: sees its site with the debug bar', async (locale) => {
    const { page, problems } = await open()
    const home = locale === 'fr' ? '/' : '/en'
    await page.goto(product.url(DEBUG, home))
    await page.waitForTimeout(500)
    expect(new URL(page.url()).pathname).toBe(home)
    const bar = page.getByRole('status').filter({ hasText: t(locale, 'debug.siteDisabled') })
    expect(await bar.isVisible()).toBe(true)
    expect(await page.locator('nav').count()).toBeGreaterThan(0)
    expect(await seriousAxe(page)).toEqual([])
    expect(problems).toEqual([])
  })
})
