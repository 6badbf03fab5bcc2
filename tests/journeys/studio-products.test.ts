import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { t as tShop } from '#i18n/messages'
import { tStudio as t } from '#i18n/studio-messages'
import { launchBrowser } from '#support/browser'
import { expectAxeClean, ML, openPage, PHONE } from './support/account'
import { journeyProduct } from './support/product'
import { signInToAgenda, studioPath, TABLET } from './support/studio'

/**
 * The e-shop's products (docs/decisions/088-studio-products-and-service-options.md), staff and
 * visitor side by side: the owner of maison-lumiere creates a product on sale, counted per shop,
 * and gives the Lyon shop 12 units; after the publish's rebuild the site's e-shop lists it at
 * its price and its page sells it; at 0 units the page says it is out of stock and will not add
 * it to the cart (the site reads stock at run time: no rebuild for a count).
 */
const product = journeyProduct()
const OWNER = 'claire.dumas@maison-lumiere.example'
const SHOP = 'Maison Lumière Lyon'
const STAMP = Date.now()
const NAME = `Coffret test boutique ${STAMP}`
const SLUG = `coffret-test-boutique-${STAMP}`
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

async function setUnits(page: Page, units: number): Promise<void> {
  const stock = page.locator('.studio-product-stock')
  await stock.getByLabel(t('fr', 'studio.products.unitsAt', { shop: SHOP })).fill(String(units))
  await stock
    .getByRole('button', { name: t('fr', 'studio.products.saveUnits', { shop: SHOP }) })
    .click()
  // shown at once, then read back from the server once the write is done
  await expect
    .poll(() => stock.locator('output').first().textContent(), { timeout: 30_000 })
    .toBe(t('fr', 'studio.products.units', { n: units }))
  await stock
    .getByRole('button', { name: t('fr', 'studio.products.saveUnits', { shop: SHOP }) })
    .and(page.locator(':enabled'))
    .waitFor({ timeout: 30_000 })
}

describe('a new product, from the studio to the e-shop', () => {
  it('is created with stock in one shop, listed at its price, and not orderable at 0 units', async () => {
    const { page } = await openPage(browser, TABLET, contexts)
    await page.goto(product.url(ML, studioPath('fr')))
    await signInToAgenda(page, OWNER)
    await page.getByRole('button', { name: t('fr', 'studio.nav.products'), exact: true }).click()
    await page
      .getByRole('heading', { level: 1, name: t('fr', 'studio.products.heading') })
      .waitFor()
    await expectAxeClean(page, 'studio products')

    await page.getByRole('button', { name: t('fr', 'studio.products.newProduct') }).click()
    const form = page.locator('form.studio-product-form')
    await form.locator('input[name="name-fr"]').fill(NAME)
    await form.locator('input[name="name-en"]').fill(`Shop test box ${STAMP}`)
    await form.getByLabel(t('fr', 'studio.products.price')).fill('24,50')
    await form.getByLabel(t('fr', 'studio.products.onSale')).check()
    await expect(form.getByLabel(t('fr', 'studio.products.tracked')).isChecked()).resolves.toBe(
      true,
    )
    await expectAxeClean(page, 'studio product form')
    const logFrom = product.output().length
    // keyboard: the form is sent from its button by Enter
    await form.getByRole('button', { name: t('fr', 'studio.catalogue.save') }).focus()
    await page.keyboard.press('Enter')
    await form.waitFor({ state: 'detached', timeout: 30_000 })

    // a new counted product goes on to its stock: none recorded yet, so nothing to sell
    const stock = page.locator('.studio-product-stock')
    await stock.locator('output').first().waitFor({ timeout: 30_000 })
    await expect(stock.locator('output').first().textContent()).resolves.toBe(
      t('fr', 'studio.products.noUnits'),
    )
    await setUnits(page, 12)
    await expectAxeClean(page, 'studio product stock')
    await page.getByRole('row').filter({ hasText: NAME }).waitFor()

    // the product's write publishes a rebuild of this tenant (decision 059)
    const rebuilt = new RegExp(`rebuild ${ML.replace(/\./g, '\\.')}: live`)
    await product.waitForOutput(rebuilt, 240_000, logFrom)
    // Chromium resolves *.localhost to loopback (Node's fetch does not): the visitor asks
    const visitor = await openPage(browser, PHONE, contexts)
    await expect
      .poll(
        async () => {
          await visitor.page.goto(product.url(ML, '/boutique/'))
          return visitor.page.locator('main').textContent()
        },
        { timeout: 240_000, interval: 500 },
      )
      .toContain(NAME)
    const card = visitor.page.locator('main li').filter({ hasText: NAME })
    expect((await card.textContent())?.replace(/\s/g, ' ')).toContain('24,50')

    const page2 = product.url(ML, `/boutique/article/${SLUG}/`)
    await expect
      .poll(async () => (await visitor.page.goto(page2))?.status(), { timeout: 60_000 })
      .toBe(200)
    const stockText = visitor.page.locator('.add-to-cart__stock')
    await expect
      .poll(() => stockText.textContent(), { timeout: 30_000 })
      .toBe(tShop('fr', 'eshop.inStock'))
    const add = visitor.page.locator('form.add-to-cart button[type="submit"]')
    await expect.poll(() => add.isEnabled(), { timeout: 30_000 }).toBe(true)

    // 0 units: the page, read again, says so and offers nothing to add
    await setUnits(page, 0)
    await visitor.page.goto(page2)
    await expect
      .poll(() => stockText.textContent(), { timeout: 30_000 })
      .toBe(tShop('fr', 'eshop.outOfStock'))
    await expect.poll(() => add.isDisabled(), { timeout: 30_000 }).toBe(true)
    await expectAxeClean(visitor.page, 'out-of-stock product page')
  }, 480_000)
})
