import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Locale, t, tn } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import { journeyProduct } from './support/product'
import { DESKTOP, expectAxeClean, newVisitor, stockOf } from './support/shop'

// A cart line names its service or product in the language of the page showing it
// (src/domain/cart/line-name.ts, docs/architecture.md "Islands"): added on the French page, the
// English and German pages' mini cart and /panier show the English and German names.
// maison-lumiere (fr, en; one shop): the Californian massage and the vitamin C serum;
// bains-du-lac (five languages, several shops, no e-shop): the deep tissue massage at Annecy.
const product = journeyProduct()
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function bookFirstSlot(page: Page, url: string, shop: string | null) {
  await page.goto(url)
  if (shop) {
    const dialog = page.getByRole('dialog', { name: t('fr', 'booking.shopDialogTitle') })
    await dialog.getByRole('button', { name: `${t('fr', 'booking.bookHere')} – ${shop}` }).click()
    await dialog.waitFor({ state: 'hidden' })
  }
  const grid = page.getByRole('grid', { name: t('fr', 'booking.chooseSlot') })
  await grid.getByRole('button').first().click()
  await page.getByRole('button', { name: t('fr', 'booking.addToCart') }).click()
  await page.getByText(t('fr', 'booking.addedToCart'), { exact: false }).waitFor()
}

/** The mini cart's line names, then /panier's, on the `locale` page. */
async function namesShown(page: Page, base: string, locale: Locale) {
  const prefix = `${base}/${locale}`
  // not home: its coupon pop-up would cover the header
  await page.goto(`${prefix}/services`, { waitUntil: 'networkidle' })
  await page.locator('button.cart-button').click()
  const panel = page.getByRole('region', { name: t(locale, 'cart.title') })
  await panel.locator('.mini-cart__line').first().waitFor()
  const mini = await panel.locator('.mini-cart__name').allTextContents()
  await expectAxeClean(page, `${locale} mini cart`)
  await page.goto(`${prefix}/panier`, { waitUntil: 'networkidle' })
  await page
    .locator('[data-booking-cart]')
    .getByText(mini[0] ?? '')
    .first()
    .waitFor()
  const main = (await page.locator('main').textContent()) ?? ''
  await expectAxeClean(page, `${locale} cart page`)
  return { mini, main }
}

describe('cart lines in the page language', () => {
  it('fr → en: a service and a product added in French are named in English', async () => {
    const host = 'maison-lumiere.localhost'
    const { context, page, problems } = await newVisitor(browser, product, host, DESKTOP)
    try {
      expect(await stockOf(product, host, '201')).toBeGreaterThan(0)
      await bookFirstSlot(
        page,
        product.url(host, '/services/massages-corps/massage-californien?page=reserved'),
        null,
      )
      await page.goto(product.url(host, '/boutique/article/serum-eclat-vitamine-c'))
      await page.getByRole('button', { name: t('fr', 'eshop.addToCart') }).click()
      // the service and the product counted: the product is in its cart before leaving
      await page.getByRole('button', { name: tn('fr', 'a11y.cartButton', 2) }).waitFor()

      const { mini, main } = await namesShown(page, product.url(host, '').replace(/\/$/, ''), 'en')
      expect(mini).toEqual(['Californian massage', 'Vitamin C radiance serum, 30 ml'])
      expect(main).toContain('Californian massage')
      expect(main).toContain('Vitamin C radiance serum, 30 ml')
      expect(main).not.toContain('Massage californien')
      expect(main).not.toContain('Sérum éclat')
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('fr → de: a service added in French is named in German', async () => {
    const host = 'bains-du-lac.localhost'
    const { context, page, problems } = await newVisitor(browser, product, host, DESKTOP)
    try {
      await bookFirstSlot(
        page,
        product.url(host, '/services/massages/massage-deep-tissue?page=reserved'),
        'Les Bains du Lac Annecy',
      )
      const { mini, main } = await namesShown(page, product.url(host, '').replace(/\/$/, ''), 'de')
      expect(mini).toEqual(['Deep-Tissue-Massage'])
      expect(main).toContain('Deep-Tissue-Massage')
      expect(main).not.toContain('Massage deep tissue')
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
