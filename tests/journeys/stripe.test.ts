import { readFileSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { t } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import { fetchPage, type RunningProduct } from '#support/product'
import { DESKTOP, openJourney, signInByApi, withCustomerSession } from './support/booking'
import { CARDS, type FakeStripeApi, routeStripe } from './support/booking-stripe'
import { HOSTS, providersProduct, STRIPE_PUBLISHABLE_KEY } from './support/providers-product'

/**
 * The Stripe path (docs/product/5-rules.md#payment) with its hosts intercepted at the network
 * boundary: the providers' product (support/providers-product.ts; the shared one's tenants pay
 * with the free provider), on copies of maison-lumiere: one paying with stripe and a publishable
 * key (stripe.localhost), the same company without a key (sans-cle.localhost). The product's
 * Stripe SDK talks to a local fake API (STRIPE_API_BASE); the browser's js.stripe.com,
 * api.stripe.com and hooks.stripe.com are answered by page.route (support/booking-stripe.ts,
 * decision 024): the page loads Stripe.js through `loadStripe` of the npm package (its script URL
 * and its `_registerWrapper` call are checked), and
 * the fake Stripe.js behind it confirms against the routed api.stripe.com, which sets the intent
 * the product's server reads back. card_error shows the provider's message, another error the
 * generic one, a 3-D Secure card returns through /payments/rdvcheck to /payments/success, a
 * failed 3-D Secure to /payments/fail; without a public key the payment form never loads.
 */
const STRIPE_HOST = HOSTS.stripe
const NO_KEY_HOST = HOSTS.stripeNoKey
const CUSTOMER = 'camille.martin@example.com'
const SERVICE = '/services/soins-visage/soin-eclat-lumiere'
const PUBLISHABLE_KEY = STRIPE_PUBLISHABLE_KEY
/** the script `loadStripe` of @stripe/stripe-js injects: https://js.stripe.com/<release>/stripe.js */
const STRIPE_JS = /^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js$/

let stripeApi: FakeStripeApi
let product: RunningProduct
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  ;({ product, stripe: stripeApi } = await providersProduct())
  browser = await launchBrowser()
}, 320_000)

afterAll(async () => {
  await browser?.close()
})

afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

async function addToCart(page: Page, host: string) {
  await page.goto(product.url(host, `${SERVICE}?page=reserved`))
  const grid = page.getByRole('grid', { name: t('fr', 'booking.chooseSlot') })
  await grid.getByRole('button').first().click()
  await page.getByRole('button', { name: t('fr', 'booking.addToCart') }).click()
  await page.getByText(t('fr', 'booking.addedToCart'), { exact: false }).waitFor()
}

async function openAs(host: string) {
  const token = await signInByApi(product.apiUrl, host, CUSTOMER)
  const journey = await openJourney(browser, DESKTOP)
  contexts.push(journey.context)
  await withCustomerSession(journey.context, token)
  const requests = await routeStripe(journey.page, stripeApi)
  return { ...journey, requests }
}

describe('stripe payment of a booking', () => {
  it('shows the provider message for card_error, the generic one otherwise, and succeeds through rdvcheck', async () => {
    const { page, requests } = await openAs(STRIPE_HOST)
    const visited: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname)
    })
    await addToCart(page, STRIPE_HOST)
    // the provider SDK is not loaded before the payment step
    expect(requests).toEqual([])

    await page.goto(product.url(STRIPE_HOST, '/panier'))
    await page.getByRole('button', { name: t('fr', 'booking.proceed') }).click()
    const card = page.getByLabel('Card number')
    await card.waitFor()
    expect(requests).toEqual([expect.stringMatching(STRIPE_JS)])
    const calls = () =>
      page.evaluate(() => (window as unknown as { __stripeCalls: unknown[][] }).__stripeCalls)
    // Stripe.js came through loadStripe of the npm package: it registers itself on the instance
    const { version } = JSON.parse(
      readFileSync('node_modules/@stripe/stripe-js/package.json', 'utf8'),
    ) as { version: string }
    expect((await calls()).slice(0, 2)).toEqual([
      ['Stripe', PUBLISHABLE_KEY],
      ['registerWrapper', 'stripe-js', version],
    ])
    const secret = (await calls())[2]?.[1]
    expect(secret).toMatch(/^pi_journey\d+_secret_journey$/)
    const pay = page.getByRole('button', { name: /^Payer / })
    await pay.waitFor()

    // card_error: the provider's own message
    await card.fill(CARDS.declined)
    await pay.click()
    await page.getByRole('alert').getByText('Your card was declined.').waitFor()

    // any other error: the generic message
    await card.fill(CARDS.apiError)
    await pay.click()
    await page
      .getByRole('alert')
      .getByText(t('fr', 'appointment.error.errorDuringPayment'))
      .waitFor()
    expect(await page.getByText('An unexpected error occurred.').count()).toBe(0)
    const confirms = (await calls()).filter((call) => call[0] === 'confirmPayment')
    expect(confirms).toHaveLength(2)
    for (const call of confirms) {
      expect(call[1]).toBe('if_required')
      expect(String(call[2])).toMatch(
        new RegExp(`^${product.url(STRIPE_HOST, '/payments/rdvcheck')}\\?cartId=[\\w-]+$`),
      )
    }

    // 3-D Secure: redirect if required, back to rdvcheck, which confirms with the server
    await card.fill(CARDS.threeDSecure)
    await pay.click()
    await page.getByRole('link', { name: 'Complete' }).click()
    await page.waitForURL('**/payments/success')
    await page.getByRole('heading', { name: t('fr', 'payment.success.title') }).waitFor()
    await page.getByRole('link', { name: t('fr', 'booking.addToCalendar') }).waitFor()
    // Stripe.js was loaded once, on the payment step only; the confirms went to api.stripe.com
    expect(requests.filter((url) => url.startsWith('https://js.stripe.com'))).toHaveLength(1)
    expect(requests.filter((url) => url.startsWith('https://api.stripe.com'))).toHaveLength(3)
    expect(requests).toContain('https://hooks.stripe.com/3d_secure_2/hosted')
    expect(visited).toContain('/payments/rdvcheck')
    expect(visited.at(-1)).toBe('/payments/success')
    expect(stripeApi.received.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /v1/payment_intents',
        expect.stringMatching(/^GET \/v1\/payment_intents\/pi_journey/),
      ]),
    )
  })

  it('a failed or cancelled 3-D Secure returns through rdvcheck to /payments/fail: the server decides', async () => {
    const { page } = await openAs(STRIPE_HOST)
    await addToCart(page, STRIPE_HOST)
    await page.goto(product.url(STRIPE_HOST, '/panier'))
    await page.getByRole('button', { name: t('fr', 'booking.proceed') }).click()
    await page.getByLabel('Card number').fill(CARDS.threeDSecure)
    const asked = stripeApi.received.length
    await page.getByRole('button', { name: /^Payer / }).click()
    await page.getByRole('link', { name: 'Fail' }).click()
    await page.waitForURL('**/payments/fail')
    // the return page asked our server, which read the intent back from Stripe
    expect(
      stripeApi.received.slice(asked).map((r) => `${r.method} ${r.path.replace(/\d+$/, '')}`),
    ).toContain('GET /v1/payment_intents/pi_journey')
  })

  it('a card needing no extra step succeeds without leaving the page (redirect if_required)', async () => {
    const { page } = await openAs(STRIPE_HOST)
    const visited: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname)
    })
    await addToCart(page, STRIPE_HOST)
    await page.goto(product.url(STRIPE_HOST, '/panier'))
    await page.getByRole('button', { name: t('fr', 'booking.proceed') }).click()
    await page.getByLabel('Card number').fill(CARDS.ok)
    await page.getByRole('button', { name: /^Payer / }).click()
    await page.waitForURL('**/payments/success')
    await page.getByRole('link', { name: t('fr', 'booking.addToCalendar') }).waitFor()
    expect(visited).not.toContain('/payments/rdvcheck')
  })

  it('does not load the payment form without a public key', async () => {
    const { page, requests } = await openAs(NO_KEY_HOST)
    await addToCart(page, NO_KEY_HOST)
    await page.goto(product.url(NO_KEY_HOST, '/panier'))
    await page.getByText(t('fr', 'payment.unavailable')).waitFor()
    expect(await page.getByRole('button', { name: t('fr', 'booking.proceed') }).count()).toBe(0)
    expect(requests).toEqual([])
  })

  it('only the paying pages allow Stripe’s hosts, and only with a public key (decision 019)', async () => {
    const csp = async (host: string, path: string) =>
      String((await fetchPage(product.port, host, path)).headers['content-security-policy'])
    for (const path of ['/panier', '/en/panier/', '/gift', '/bonscadeaux']) {
      const policy = await csp(STRIPE_HOST, path)
      expect(policy).toContain("script-src 'self' ")
      expect(policy).toMatch(
        /script-src [^;]* https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com;/,
      )
      expect(policy).toContain(
        'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;',
      )
      expect(policy).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com;/)
    }
    for (const path of ['/', SERVICE, '/payments/rdvcheck', '/profile']) {
      expect(await csp(STRIPE_HOST, path)).not.toContain('stripe')
    }
    expect(await csp(NO_KEY_HOST, '/panier')).not.toContain('stripe')
  })
})
