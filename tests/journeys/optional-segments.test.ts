import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '#support/browser'
import { journeyProduct } from './support/product'
import { DESKTOP, expectAxeClean, newVisitor, PHONE } from './support/shop'

// The routes whose last segment is optional (docs/product/2-screens.md "Routes"): /boutique/article
// without a slug shows the e-shop list (canonical /boutique), /:shop/services/:service without the
// category shows the service at that shop (canonical the full path). French on a phone, English
// on a desktop.
const MAISON = 'maison-lumiere.localhost'
const BAINS = 'bains-du-lac.localhost'
const CANDLE = '/boutique/article/bougie-figue-cedre'
const DEEP_TISSUE = { fr: 'Massage deep tissue', en: 'Deep tissue massage' } as const

const RUNS = [
  { name: 'phone, French', locale: 'fr', prefix: '', viewport: PHONE },
  { name: 'desktop, English', locale: 'en', prefix: '/en', viewport: DESKTOP },
] as const

describe('optional route segments', () => {
  const product = journeyProduct()
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  for (const run of RUNS) {
    const { prefix, locale } = run
    it(`${run.name}: /boutique/article without a slug is the e-shop list`, async () => {
      const { context, page, problems } = await newVisitor(browser, product, MAISON, run.viewport)
      try {
        const response = await page.goto(product.url(MAISON, `${prefix}/boutique/article`))
        expect(response?.status()).toBe(200)
        await page.locator(`main a[href="${prefix}${CANDLE}"]`).first().waitFor()
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
        expect(new URL(canonical ?? '').pathname).toBe(`${prefix}/boutique`)
        await expect(page.locator('html').getAttribute('lang')).resolves.toMatch(
          new RegExp(`^${locale}(-|$)`),
        )
        await expectAxeClean(page, 'e-shop list at /boutique/article')
        expect(problems).toEqual([])
      } finally {
        await context.close()
      }
    })

    it(`${run.name}: /:shop/services/:service without the category is the service at that shop`, async () => {
      const { context, page, problems } = await newVisitor(browser, product, BAINS, run.viewport)
      try {
        const full = `${prefix}/annemasse/services/massages/massage-deep-tissue`
        const response = await page.goto(
          product.url(BAINS, `${prefix}/annemasse/services/massage-deep-tissue`),
        )
        expect(response?.status()).toBe(200)
        await page.getByRole('heading', { level: 1, name: DEEP_TISSUE[locale] }).waitFor()
        await page.getByText('Les Bains du Lac Annemasse').first().waitFor()
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
        expect(new URL(canonical ?? '').pathname).toBe(full)
        await expect(page.locator('html').getAttribute('lang')).resolves.toMatch(
          new RegExp(`^${locale}(-|$)`),
        )
        await expectAxeClean(page, 'service without its category')
        // the category's own page keeps its address, and links the full path
        await page.goto(product.url(BAINS, `${prefix}/annemasse/services/massages`))
        await page.locator(`main a[href="${full}"]`).first().waitFor()
        expect(problems).toEqual([])
      } finally {
        await context.close()
      }
    })
  }
})
