import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { t, tn } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import { journeyProduct } from './support/product'
import { DESKTOP, newVisitor } from './support/shop'

// The product page's add-to-cart hydrates on load (client:load). Until it has, its button is
// disabled: a click or an Enter in the quantity field before would submit the form natively (a
// GET of the page with ?quantity=1) and the product would never reach the cart. A slow phone or a
// busy machine is where the visitor meets that moment; here the island's script is held.
const product = journeyProduct()
const HOST = 'maison-lumiere.localhost'
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('add to cart before the island is there', () => {
  it('the button waits for the island; nothing is submitted natively', async () => {
    const { context, page, problems } = await newVisitor(browser, product, HOST, DESKTOP)
    try {
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      await context.route('**/_astro/AddToCart.*.js', async (route) => {
        await held
        await route.continue()
      })
      let documents = 0
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1
      })
      await page.goto(product.url(HOST, '/boutique/article/serum-eclat-vitamine-c'))
      const button = page.getByRole('button', { name: t('fr', 'eshop.addToCart') })
      await button.waitFor()
      expect(await button.isDisabled()).toBe(true)
      // implicit submission: a form whose default button is disabled is not sent
      await page.locator('form.add-to-cart input[name="quantity"]').press('Enter')
      await page.waitForTimeout(500)
      expect(documents).toBe(1)
      expect(page.url()).not.toContain('quantity=')

      release()
      await button.click() // Playwright waits for it to be enabled
      await page.getByText(tn('fr', 'eshop.addedCount', 1)).waitFor()
      await page.getByRole('button', { name: tn('fr', 'a11y.cartButton', 1) }).waitFor()
      expect(documents).toBe(1)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
