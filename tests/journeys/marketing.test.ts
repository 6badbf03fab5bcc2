import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { t } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import { signInByApi, withCustomerSession } from './support/booking'
import {
  answerCookies,
  HOSTS,
  type MarketingPage,
  oneReport,
  openMarketing,
  purchaseHits,
  to,
} from './support/marketing'
import { journeyProduct } from './support/product'
import { fillGiftForm, pressPay } from './support/shop-gift'
import { DESKTOP, PHONE } from './support/site'

/**
 * docs/decisions/032-analytics-purchase-and-error-reporting.md on the live product. bains-du-lac
 * configures Google Analytics, the Ads conversion, Klaviyo, OptinMonster, avis-verifies and an
 * error DSN; maison-lumiere none of them. The hosts are answered at the network boundary
 * (support/marketing.ts) and every assertion is on the requests the browser made.
 */
const product = journeyProduct()
const BAINS = 'bains-du-lac.localhost'
const MAISON = 'maison-lumiere.localhost'
const CUSTOMER = 'julien.favre@example.com'
// bains-du-lac's Analytics id and Ads conversion label (tenants/bains-du-lac.localhost)
const BAINS_TAGS = { ga: 'G-BDL2026DEMO', label: 'reservationDemo' }
const ANNECY = 'Les Bains du Lac Annecy'
const SERVICE = '/services/massages/massage-deep-tissue?page=reserved'
const SCRIPTS = [HOSTS.gtag, HOSTS.klaviyo, HOSTS.optinMonster, HOSTS.avis]
const TRACKING = [...SCRIPTS, HOSTS.collect, HOSTS.ads]
const tracking = (journey: MarketingPage) =>
  journey.outside.filter((request) => (TRACKING as string[]).includes(request.url.hostname))

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

async function open(viewport: { width: number; height: number }, signedIn: boolean) {
  const token = signedIn ? await signInByApi(product.apiUrl, BAINS, CUSTOMER) : ''
  const journey = await openMarketing(browser, viewport, (context) =>
    signedIn ? withCustomerSession(context, token) : Promise.resolve(),
  )
  contexts.push(journey.context)
  return journey
}

/** Books the first slot at Annecy and pays with the free provider: the server's total and order. */
async function bookAndPay(page: Page): Promise<{ total: number; orderId: string }> {
  const shops = page.getByRole('dialog', { name: t('fr', 'booking.shopDialogTitle') })
  await shops.waitFor()
  await shops.getByRole('button', { name: `${t('fr', 'booking.bookHere')} – ${ANNECY}` }).click()
  await shops.waitFor({ state: 'hidden' })
  const grid = page.getByRole('grid', { name: t('fr', 'booking.chooseSlot') })
  await grid.waitFor()
  await grid.getByRole('button').first().click()
  await page.getByRole('button', { name: t('fr', 'booking.addToCart') }).click()
  await page.getByText(t('fr', 'booking.addedToCart'), { exact: false }).waitFor()
  await page.goto(product.url(BAINS, '/panier'))
  const cart = page.getByRole('region', { name: t('fr', 'booking.cartTitle') })
  const initialized = page.waitForResponse((r) => r.url().includes('/api/payment/initialize'), {
    timeout: 60_000,
  })
  await cart.getByRole('button', { name: t('fr', 'booking.proceed') }).click()
  const init = (await (await initialized).json()) as { prices: { total: { amount: number } } }
  // the pay answer, read as it passes (the page leaves at once, its body with it)
  let pay: { status?: string; orderId?: string } = {}
  const isPay = (address: URL) => address.pathname === '/api/payment/pay'
  await page.route(isPay, async (route) => {
    // straight to the API the sites server forwards /api to (Node cannot resolve *.localhost)
    const { pathname, search } = new URL(route.request().url())
    const response = await route.fetch({ url: `${product.apiUrl}${pathname}${search}` })
    pay = (await response.json()) as typeof pay
    await route.fulfill({ response }).catch(() => undefined)
  })
  await page.getByRole('button', { name: t('fr', 'payment.confirmFree') }).click()
  await page.waitForURL('**/payments/success', { timeout: 60_000 })
  await page.unroute(isPay)
  expect(pay.status).toBe('succeeded')
  return { total: init.prices.total.amount, orderId: pay.orderId ?? '' }
}

describe('analytics and marketing after consent (bains-du-lac)', () => {
  it('nothing before consent; each script once with it; one purchase and one conversion per payment, none on reload', async () => {
    const journey = await open(DESKTOP, true)
    const { page, outside } = journey
    // answered on a page without the booking's shop dialog, a modal that would cover the banner
    await page.goto(product.url(BAINS, '/contact/'), { waitUntil: 'networkidle' })
    expect(tracking(journey)).toEqual([])

    await answerCookies(page, 'Tout accepter')
    await page.waitForLoadState('networkidle')
    await expect.poll(() => SCRIPTS.map((host) => to(outside, host).length)).toEqual([1, 1, 1, 1])
    // one gtag.js for both tags, both configured
    expect(to(outside, HOSTS.gtag)[0]?.url.searchParams.get('id')).toBe('G-BDL2026DEMO')
    expect(purchaseHits(outside)).toEqual({ purchases: [], conversions: [] })

    await page.goto(product.url(BAINS, SERVICE))
    const { total, orderId } = await bookAndPay(page)
    expect(total).toBeGreaterThan(0)
    expect(orderId).not.toBe('')
    await expect.poll(() => purchaseHits(outside).purchases.length, { timeout: 30_000 }).toBe(1)
    await expect.poll(() => purchaseHits(outside).conversions.length, { timeout: 30_000 }).toBe(1)
    await page.waitForLoadState('networkidle')
    const value = String(total / 100)
    expect(purchaseHits(outside)).toEqual(oneReport(BAINS_TAGS, orderId, value))

    // the success page again: the tags load, the order is not reported twice
    const before = to(outside, HOSTS.gtag).length
    await page.reload({ waitUntil: 'networkidle' })
    await expect.poll(() => to(outside, HOSTS.gtag).length).toBe(before + 1)
    await page.waitForTimeout(1000)
    expect(purchaseHits(outside).purchases).toHaveLength(1)
    expect(purchaseHits(outside).conversions).toHaveLength(1)
  })

  it('a gift voucher confirmed in place: one purchase and one conversion, none on reload or on the success page after', async () => {
    const journey = await open(DESKTOP, false)
    const { page, outside } = journey
    await page.goto(product.url(BAINS, '/contact/'), { waitUntil: 'networkidle' })
    await answerCookies(page, 'Tout accepter')
    await page.goto(product.url(BAINS, '/bonscadeaux'), { waitUntil: 'networkidle' })
    await fillGiftForm(page, {
      theme: 'Détente',
      amountLabel: /^100,00\s€$/,
      shop: { label: t('fr', 'gift.shop'), name: ANNECY },
      nameLabel: new RegExp(t('fr', 'gift.recipientName')),
      name: 'Léa Bernard',
      emailLabel: new RegExp(t('fr', 'gift.recipientEmail')),
      email: `lea.${Date.now()}@example.com`,
      messageLabel: t('fr', 'gift.message'),
      message: 'Bonne détente !',
      continueLabel: t('fr', 'gift.continue'),
    })
    const initialized = page.waitForResponse((r) => r.url().includes('/api/payment/initialize'), {
      timeout: 60_000,
    })
    await page.getByRole('heading', { name: t('fr', 'gift.paymentTitle') }).waitFor()
    const init = (await (await initialized).json()) as { prices: { total: { amount: number } } }
    const pay = page.getByRole('button', { name: /100,00\s€/ })
    await pay.waitFor()
    // nothing paid yet: nothing reported on the payment step
    expect(purchaseHits(outside)).toEqual({ purchases: [], conversions: [] })
    const paid = await pressPay(page, pay, 'click')
    expect(paid.status).toBe('succeeded')
    const orderId = paid.orderId ?? ''
    expect(orderId).not.toBe('')
    // the free provider (decision 012): confirmed in place, to pay at the shop
    await page.getByRole('heading', { name: t('fr', 'gift.awaitingTitle') }).waitFor()
    await expect.poll(() => purchaseHits(outside).purchases.length, { timeout: 30_000 }).toBe(1)
    await expect.poll(() => purchaseHits(outside).conversions.length, { timeout: 30_000 }).toBe(1)
    const value = String(init.prices.total.amount / 100)
    expect(value).toBe('100')
    expect(purchaseHits(outside)).toEqual(oneReport(BAINS_TAGS, orderId, value))

    // the gift page again, then the success page (its marker reads the same paid order of this
    // tab): the voucher is not reported twice
    await page.reload({ waitUntil: 'networkidle' })
    await page.goto(product.url(BAINS, '/payments/success'), { waitUntil: 'networkidle' })
    await page.locator('[data-purchase-report]').waitFor({ state: 'attached' })
    await page.waitForTimeout(1000)
    expect(purchaseHits(outside).purchases).toHaveLength(1)
    expect(purchaseHits(outside).conversions).toHaveLength(1)
  })

  it('denied: no script loads and the payment reports nothing', async () => {
    const journey = await open(PHONE, true)
    const { page } = journey
    await page.goto(product.url(BAINS, '/contact/'))
    await answerCookies(page, 'Tout refuser')
    await page.goto(product.url(BAINS, SERVICE))
    await bookAndPay(page)
    await page.reload({ waitUntil: 'networkidle' })
    expect(tracking(journey)).toEqual([])
  })
})

describe('client error reporting', () => {
  const throwLater = (page: Page, message: string) =>
    page.evaluate((text) => {
      setTimeout(() => {
        throw new Error(text)
      })
    }, message)
  const sdkChunks = (page: Page) =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /sentry/i.test(name)),
    )

  it('with a DSN: the SDK loads on the first error only, and its envelope reaches the ingest', async () => {
    const journey = await open(DESKTOP, false)
    const { page, outside } = journey
    // before any consent answer: error reports store nothing and need none (decision 032)
    await page.goto(product.url(BAINS, '/contact/'), { waitUntil: 'networkidle' })
    expect(await sdkChunks(page)).toEqual([])
    expect(to(outside, HOSTS.errors)).toEqual([])
    await throwLater(page, 'journey: uncaught on contact')
    await expect.poll(() => to(outside, HOSTS.errors).length, { timeout: 30_000 }).toBe(1)
    const [sent] = to(outside, HOSTS.errors)
    expect(sent?.url.pathname).toBe('/api/42/envelope/')
    expect(sent?.url.searchParams.get('sentry_key')).toBe('bdl2026demo')
    expect(sent?.body).toContain('journey: uncaught on contact')
    expect((await sdkChunks(page)).length).toBeGreaterThan(0)
    expect(tracking(journey)).toEqual([])
    // nothing stored for it: no cookie but the site's own
    const names = (await journey.context.cookies()).map((cookie) => cookie.name)
    expect(names.filter((name) => /sentry|sntry/i.test(name))).toEqual([])
  })

  it('without a DSN: an error sends nothing and loads no SDK', async () => {
    const journey = await openMarketing(browser, PHONE)
    contexts.push(journey.context)
    const { page, outside } = journey
    await page.goto(product.url(MAISON, '/contact/'), { waitUntil: 'networkidle' })
    await throwLater(page, 'journey: uncaught without DSN')
    await page.waitForTimeout(1500)
    await page.waitForLoadState('networkidle')
    expect(await sdkChunks(page)).toEqual([])
    expect(outside).toEqual([])
  })
})
