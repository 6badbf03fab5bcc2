import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '#support/browser'
import type { RunningProduct } from '#support/product'
import { DESKTOP, signInByApi, withCustomerSession } from './support/booking'
import { answerCookies, oneReport, openMarketing, purchaseHits } from './support/marketing'
import { pressPay } from './support/shop-gift'
import { ANALYTICS_TAGS, HOSTS, variantsProduct } from './support/variants-product'

/**
 * docs/decisions/032-analytics-purchase-and-error-reporting.md for an e-shop order, confirmed in
 * place on /panier: the demo's shop (maison-lumiere, free provider) configures no tags, so this
 * journey runs on the variants' product's copy of it that sets Google Analytics and the Ads
 * conversion (support/variants-product.ts). One purchase and one conversion with the server's
 * total and order id, none again on reload or on the success page after.
 */
const HOST = HOSTS.analytics
const CUSTOMER = 'camille.martin@example.com'
const SLUG = 'bougie-figue-cedre'
const { ga: GA, label: LABEL } = ANALYTICS_TAGS

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
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

describe('an e-shop order reported to analytics (a configured copy of maison-lumiere)', () => {
  it('one purchase and one conversion for the order, none on reload or on the success page after', async () => {
    const token = await signInByApi(product.apiUrl, HOST, CUSTOMER)
    const journey = await openMarketing(browser, DESKTOP, (context) =>
      withCustomerSession(context, token),
    )
    contexts.push(journey.context)
    const { page, outside } = journey
    await page.goto(product.url(HOST, '/contact/'), { waitUntil: 'networkidle' })
    await answerCookies(page, 'Tout accepter')

    await page.goto(product.url(HOST, `/boutique/article/${SLUG}`), { waitUntil: 'networkidle' })
    const field = page.locator('form.add-to-cart input[name="quantity"]')
    await field.fill('1')
    await field.press('Enter')
    await page.getByRole('button', { name: /^Panier, 1 article/ }).waitFor()
    await page.goto(product.url(HOST, '/panier'), { waitUntil: 'networkidle' })
    const initialized = page.waitForResponse((r) => r.url().includes('/api/payment/initialize'), {
      timeout: 60_000,
    })
    await page.getByRole('button', { name: 'Passer commande' }).click()
    const init = (await (await initialized).json()) as { prices: { total: { amount: number } } }
    const pay = page.getByRole('button', { name: /^Payer / })
    await pay.waitFor()
    expect(purchaseHits(outside)).toEqual({ purchases: [], conversions: [] })
    const paid = await pressPay(page, pay, 'click')
    expect(paid.status).toBe('succeeded')
    const orderId = paid.orderId ?? ''
    expect(orderId).not.toBe('')
    await page
      .getByRole('heading', { name: /^Merci ! Votre commande n° \S+ est confirmée\.$/ })
      .waitFor()

    await expect.poll(() => purchaseHits(outside).purchases.length, { timeout: 30_000 }).toBe(1)
    await expect.poll(() => purchaseHits(outside).conversions.length, { timeout: 30_000 }).toBe(1)
    const value = String(init.prices.total.amount / 100)
    expect(init.prices.total.amount).toBeGreaterThan(0)
    expect(purchaseHits(outside)).toEqual(oneReport({ ga: GA, label: LABEL }, orderId, value))

    await page.reload({ waitUntil: 'networkidle' })
    await page.goto(product.url(HOST, '/payments/success'), { waitUntil: 'networkidle' })
    await page.locator('[data-purchase-report]').waitFor({ state: 'attached' })
    await page.waitForTimeout(1000)
    expect(purchaseHits(outside).purchases).toHaveLength(1)
    expect(purchaseHits(outside).conversions).toHaveLength(1)
  })
})
