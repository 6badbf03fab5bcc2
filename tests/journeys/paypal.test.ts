import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { t } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import { fetchPage, type RunningProduct } from '#support/product'
import { DESKTOP, openJourney, signInByApi, withCustomerSession } from './support/booking'
import { type FakePaypalApi, routePaypal } from './support/paypal-fake'
import { HOSTS, PAYPAL_CLIENT_ID, providersProduct } from './support/providers-product'

/**
 * PayPal through `@paypal/paypal-js` (decision 024): the providers' product
 * (support/providers-product.ts) with a copy of maison-lumiere paying with PayPal and the company's
 * client id (paypal.localhost), and the same company without one (sans-paypal.localhost). The
 * product's server talks to a local fake of PayPal's REST API (PAYPAL_API_BASE); the browser's
 * www.paypal.com is answered by page.route with a fake JS SDK (support/paypal-fake.ts). Approval
 * posts the callback, then pay, whose capture the server asks PayPal for: success, a declined
 * capture (the provider's message) and a cancel. Without a client id PayPal is not offered, nothing
 * loads and the console says why.
 */
const HOST = HOSTS.paypal
const NO_ID_HOST = HOSTS.paypalNoId
const CUSTOMER = 'camille.martin@example.com'
const SERVICE = '/services/soins-visage/soin-eclat-lumiere'
const CLIENT_ID = PAYPAL_CLIENT_ID

let paypalApi: FakePaypalApi
let product: RunningProduct
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  ;({ product, paypal: paypalApi } = await providersProduct())
  browser = await launchBrowser()
}, 320_000)

afterAll(async () => {
  await browser?.close()
})

afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

async function openAs(host: string) {
  const token = await signInByApi(product.apiUrl, host, CUSTOMER)
  const journey = await openJourney(browser, DESKTOP)
  contexts.push(journey.context)
  await withCustomerSession(journey.context, token)
  const requests = await routePaypal(journey.page, paypalApi)
  // the payment calls the page makes to our API, in order
  const api: string[] = []
  journey.page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (/^\/api\/payment\/(callback|pay)\b/.test(path)) api.push(path.split('/')[3] ?? '')
  })
  return { ...journey, requests, api }
}

/** A slot in the cart, then the payment step's PayPal button. */
async function toPaypalButton(page: Page, host: string) {
  await page.goto(product.url(host, `${SERVICE}?page=reserved`))
  const grid = page.getByRole('grid', { name: t('fr', 'booking.chooseSlot') })
  await grid.getByRole('button').first().click()
  await page.getByRole('button', { name: t('fr', 'booking.addToCart') }).click()
  await page.getByText(t('fr', 'booking.addedToCart'), { exact: false }).waitFor()
  await page.goto(product.url(host, '/panier'))
  await page.getByRole('button', { name: t('fr', 'booking.proceed') }).click()
  const button = page.getByRole('button', { name: 'PayPal', exact: true })
  await button.waitFor()
  return button
}

const captures = () =>
  paypalApi.received.filter((r) => /^\/v2\/checkout\/orders\/[^/]+\/capture$/.test(r.path))

describe('paypal payment of a booking', () => {
  it('loads the SDK through the npm package with the client id in EUR; approval posts the callback, then pay captures', async () => {
    const { page, requests, api } = await openAs(HOST)
    const button = await toPaypalButton(page, HOST)
    // the script tag @paypal/paypal-js's loadScript writes: its URL and its library marker
    const sdk = `https://www.paypal.com/sdk/js?client-id=${CLIENT_ID}&currency=EUR&intent=capture`
    expect(requests).toEqual([sdk])
    const script = page.locator('script[src^="https://www.paypal.com/sdk/js"]')
    expect(await script.getAttribute('data-js-sdk-library')).toBe('paypal-js')
    const captured = captures().length
    await button.click()
    await page
      .getByRole('dialog', { name: 'PayPal checkout' })
      .getByRole('button', { name: 'Approve', exact: true })
      .click()
    await page.waitForURL('**/payments/success')
    await page.getByRole('heading', { name: t('fr', 'payment.success.title') }).waitFor()
    expect(api).toEqual(['callback', 'pay'])
    // the server asked PayPal to capture the order, and its answer decided the outcome
    expect(captures()).toHaveLength(captured + 1)
    expect(requests.filter((url) => !url.startsWith(sdk))).toHaveLength(1)
  })

  it('a declined capture shows PayPal’s message and stays on the step', async () => {
    const { page, api } = await openAs(HOST)
    const button = await toPaypalButton(page, HOST)
    const captured = captures().length
    await button.click()
    await page.getByRole('button', { name: 'Approve (card declined)' }).click()
    await page
      .getByRole('alert')
      .getByText('The instrument presented was either declined by the processor or bank.')
      .waitFor()
    expect(api).toEqual(['callback', 'pay'])
    expect(captures()).toHaveLength(captured + 1)
    expect(new URL(page.url()).pathname).toMatch(/\/panier$/)
  })

  it('a cancelled checkout says so, and neither the callback nor pay is sent', async () => {
    const { page, api } = await openAs(HOST)
    const button = await toPaypalButton(page, HOST)
    const captured = captures().length
    await button.click()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('alert').getByText(t('fr', 'payment.cancelled')).waitFor()
    expect(api).toEqual([])
    expect(captures()).toHaveLength(captured)
  })

  it('without a client id PayPal is not offered, nothing loads and the console says why', async () => {
    const { page, requests } = await openAs(NO_ID_HOST)
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.goto(product.url(NO_ID_HOST, `${SERVICE}?page=reserved`))
    const grid = page.getByRole('grid', { name: t('fr', 'booking.chooseSlot') })
    await grid.getByRole('button').first().click()
    await page.getByRole('button', { name: t('fr', 'booking.addToCart') }).click()
    await page.getByText(t('fr', 'booking.addedToCart'), { exact: false }).waitFor()
    await page.goto(product.url(NO_ID_HOST, '/panier'))
    await page.getByText(t('fr', 'payment.unavailable')).waitFor()
    expect(await page.getByRole('button', { name: t('fr', 'booking.proceed') }).count()).toBe(0)
    expect(warnings).toContain(
      'payment not offered: paypal has no client id (company.booker.payment.keys.publicKey)',
    )
    expect(requests).toEqual([])
  })

  it('only the paying pages allow PayPal’s hosts, and only with a client id (decision 019)', async () => {
    const csp = async (host: string, path: string) =>
      String((await fetchPage(product.port, host, path)).headers['content-security-policy'])
    const hosts = 'https://*.paypal.com https://*.paypalobjects.com'
    for (const path of ['/panier', '/gift']) {
      const policy = await csp(HOST, path)
      expect(policy).toMatch(
        new RegExp(`script-src [^;]* ${hosts.replaceAll('.', '\\.').replaceAll('*', '\\*')};`),
      )
      expect(policy).toContain(`frame-src ${hosts};`)
      expect(policy).not.toContain('sandbox')
    }
    for (const path of ['/', SERVICE, '/payments/rdvcheck']) {
      expect(await csp(HOST, path)).not.toContain('paypal')
    }
    expect(await csp(NO_ID_HOST, '/panier')).not.toContain('paypal')
  })

  it('each SDK loader is a chunk of its own, imported dynamically only: no page bundle holds one', () => {
    const built = readdirSync(product.sitesDir, { recursive: true, encoding: 'utf8' })
    const read = (file: string) => readFileSync(join(product.sitesDir, file), 'utf8')
    const scripts = new Map(built.filter((f) => f.endsWith('.js')).map((f) => [f, read(f)]))
    const pages = built.filter((f) => f.endsWith('.html')).map(read)
    // @stripe/stripe-js's loader names Stripe.js's origin; @paypal/paypal-js marks its tag
    for (const marker of ['https://js.stripe.com', 'data-js-sdk-library']) {
      const chunks = [...scripts].filter(([, body]) => body.includes(marker))
      expect(chunks, marker).toHaveLength(1)
      const name = (chunks[0]?.[0] ?? '').split('/').at(-1) ?? ''
      // the bundler quotes module names with ", ' or a backtick
      const quoted = `["'\`][^"'\`]*/${name.replace(/[.$]/g, '\\$&')}["'\`]`
      const staticImport = new RegExp(`(?:\\bfrom|\\bimport)\\s*${quoted}`)
      const dynamicImport = new RegExp(`\\bimport\\(\\s*${quoted}\\s*\\)`)
      for (const [file, body] of scripts) expect(staticImport.test(body), file).toBe(false)
      expect([...scripts.values()].filter((body) => dynamicImport.test(body))).toHaveLength(1)
      expect(pages.filter((html) => html.includes(name))).toEqual([])
    }
  })
})
