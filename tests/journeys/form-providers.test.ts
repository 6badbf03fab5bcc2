import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { t } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import { fetchPage, type RunningProduct } from '#support/product'
import {
  companyTokenOf,
  DESKTOP,
  openJourney,
  signInByApi,
  withCustomerSession,
} from './support/booking'
import type { FakeFormProvidersApi } from './support/form-providers-api'
import { PAYZEN_CARDS, type ProviderRoutes, routeProviders } from './support/form-providers-browser'
import {
  MONETICO_KEY,
  PAYZEN_PUBLIC_KEY,
  HOSTS as PROVIDER_HOSTS,
  providersProduct,
} from './support/providers-product'

/**
 * Decision 025: PayZen (embedded form), Saferpay (payment page redirect) and
 * Monetico (sealed form post), each through a cancel, a refusal and a payment on one cart, to
 * the outcome the server decides. The providers' product (support/providers-product.ts) on three
 * of its copies of maison-lumiere; the server's PayZen and Saferpay calls reach a local fake
 * (form-providers-api.ts), the browser's provider hosts are answered by page.route
 * (form-providers-browser.ts).
 */
const HOSTS = {
  payzen: PROVIDER_HOSTS.payzen,
  saferpay: PROVIDER_HOSTS.saferpay,
  monetico: PROVIDER_HOSTS.monetico,
} as const
type Provider = keyof typeof HOSTS
const CUSTOMER = 'camille.martin@example.com'
const SERVICE = '/services/soins-visage/soin-eclat-lumiere'

let api: FakeFormProvidersApi
let product: RunningProduct
let browser: Browser
/** The sites' port: the companies' websiteURL (the providers' return address) names it. */
let sitePort: number
const siteUrl = (host: string, path: string) => `http://${host}:${sitePort}${path}`
const contexts: BrowserContext[] = []

beforeAll(async () => {
  ;({ product, forms: api } = await providersProduct())
  sitePort = product.port
  browser = await launchBrowser()
}, 320_000)

afterAll(async () => {
  await browser?.close()
})

afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

interface Journey {
  page: Page
  routes: ProviderRoutes
  /** `pay <status>` and `success <status>` of the server's answers, in order */
  decided: string[]
  /** main-frame paths visited */
  visited: string[]
}

async function open(provider: Provider): Promise<Journey> {
  const host = HOSTS[provider]
  const token = await signInByApi(product.apiUrl, host, CUSTOMER)
  const journey = await openJourney(browser, DESKTOP)
  contexts.push(journey.context)
  await withCustomerSession(journey.context, token)
  const company = await companyTokenOf(product.apiUrl, host)
  const routes = await routeProviders(journey.page, {
    api,
    moneticoNotifyUrl: `${product.apiUrl}/api/payment/notify/monetico/${company}`,
    moneticoKey: MONETICO_KEY,
  })
  const decided: string[] = []
  const visited: string[] = []
  const { page } = journey
  // the server's answers, read as they pass (a page that leaves at once drops its bodies)
  await page.route(/\/api\/payment\/(pay|success)\b/, async (route) => {
    // Node cannot resolve *.localhost: the call goes to the API the site proxies /api to
    const { pathname, search } = new URL(route.request().url())
    const response = await route.fetch({ url: `${product.apiUrl}${pathname}${search}` })
    const call = /\/api\/payment\/(pay|success)\b/.exec(route.request().url())?.[1]
    const body = (await response.json().catch(() => ({}))) as {
      status?: string
      errorType?: string
    }
    decided.push([call, body.status, body.errorType].filter(Boolean).join(' '))
    await route.fulfill({ response })
  })
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname)
  })
  await page.goto(siteUrl(host, `${SERVICE}?page=reserved`))
  await page
    .getByRole('grid', { name: t('fr', 'booking.chooseSlot') })
    .getByRole('button')
    .first()
    .click()
  await page.getByRole('button', { name: t('fr', 'booking.addToCart') }).click()
  await page.getByText(t('fr', 'booking.addedToCart'), { exact: false }).waitFor()
  // no provider is reached before the payment step
  expect(routes.requests).toEqual([])
  return { page, routes, decided, visited }
}

async function toPaymentStep(j: Journey, provider: Provider) {
  await j.page.goto(siteUrl(HOSTS[provider], '/panier'))
  await j.page.getByRole('button', { name: t('fr', 'booking.proceed') }).click()
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Payer / })

async function expectFailPage(j: Journey) {
  await j.page.waitForURL('**/payments/fail')
  await j.page.getByRole('heading', { name: t('fr', 'payment.fail.title') }).waitFor()
}

async function expectSuccessPage(j: Journey) {
  await j.page.waitForURL('**/payments/success')
  await j.page.getByRole('heading', { name: t('fr', 'payment.success.title') }).waitFor()
  await j.page.getByRole('link', { name: t('fr', 'booking.addToCalendar') }).waitFor()
}

describe('payment through the providers whose form is theirs (decision 025)', () => {
  it('PayZen: the embedded form with the public key and theme; the server decides each attempt', async () => {
    const j = await open('payzen')
    await toPaymentStep(j, 'payzen')
    const card = j.page.getByLabel('Numéro de carte')
    await card.waitFor()
    const krCalls = () =>
      j.page.evaluate(() => (window as unknown as { __krCalls: unknown[][] }).__krCalls)
    expect((await krCalls())[0]).toEqual(['script', PAYZEN_PUBLIC_KEY, 'fr'])
    expect((await krCalls())[1]?.[1]).toMatch(/^01journeyFormToken/)
    expect(j.routes.requests).toEqual([
      expect.stringMatching(/^https:\/\/static\.payzen\.eu\/.*\/ext\/neon-reset\.min\.css$/),
      expect.stringMatching(/^https:\/\/static\.payzen\.eu\/.*\/stable\/kr-payment-form\.min\.js$/),
      expect.stringMatching(/^https:\/\/static\.payzen\.eu\/.*\/ext\/neon\.js$/),
    ])
    const attempt = async (choice: keyof typeof PAYZEN_CARDS) => {
      await card.fill(PAYZEN_CARDS[choice])
      await j.page.getByRole('button', { name: 'Payer avec PayZen' }).click()
    }
    // 3-D Secure given up: the server reads the order back and says cancelled
    await attempt('cancel')
    await j.page.getByRole('alert').getByText(t('fr', 'payment.cancelled')).waitFor()
    expect(j.decided).toEqual(['pay failed cancelled'])
    // refused: the server's refusal, the form stays for another card
    await attempt('refuse')
    await j.page.getByRole('alert').getByText('Payment refused (REFUSED).').waitFor()
    expect(j.decided).toEqual(['pay failed cancelled', 'pay failed card_error'])
    // paid: the server finds the paid attempt and confirms
    await attempt('pay')
    await expectSuccessPage(j)
    expect(j.decided).toEqual(['pay failed cancelled', 'pay failed card_error', 'pay succeeded'])
    expect(api.received.filter((call) => call.includes('/api-payment/'))).toEqual([
      'POST /api-payment/V4/Charge/CreatePayment',
      'POST /api-payment/V4/Order/Get',
      'POST /api-payment/V4/Order/Get',
      'POST /api-payment/V4/Order/Get',
    ])
    expect(j.visited).not.toContain('/payments/rdvcheck')
  })

  it('Saferpay: the payment page, back through rdvcheck, where the server asserts', async () => {
    const j = await open('saferpay')
    const round = async () => {
      await toPaymentStep(j, 'saferpay')
      await payButton(j.page).click()
    }
    j.routes.payer = 'cancel'
    await round()
    await expectFailPage(j)
    j.routes.payer = 'refuse'
    await j.page.getByRole('link', { name: t('fr', 'payment.fail.retry') }).click()
    await j.page.getByRole('button', { name: t('fr', 'booking.proceed') }).click()
    await payButton(j.page).click()
    await expectFailPage(j)
    j.routes.payer = 'pay'
    await round()
    await expectSuccessPage(j)
    expect(j.decided).toEqual(['success failed', 'success failed', 'success succeeded'])
    expect(j.routes.requests).toHaveLength(3)
    for (const url of j.routes.requests) {
      expect(url).toMatch(
        /^https:\/\/test\.saferpay\.com\/vt2\/api\/PaymentPage\/401860\/17795278\/journeytoken\d+$/,
      )
    }
    expect(api.received.filter((call) => call.includes('/Payment/v1/'))).toEqual([
      'POST /Payment/v1/PaymentPage/Initialize',
      'POST /Payment/v1/PaymentPage/Assert',
      'POST /Payment/v1/PaymentPage/Initialize',
      'POST /Payment/v1/PaymentPage/Assert',
      'POST /Payment/v1/PaymentPage/Initialize',
      'POST /Payment/v1/PaymentPage/Assert',
      'POST /Payment/v1/Transaction/Capture',
    ])
    expect(j.visited.filter((path) => path.startsWith('/payments/'))).toEqual([
      '/payments/rdvcheck',
      '/payments/fail',
      '/payments/rdvcheck',
      '/payments/fail',
      '/payments/rdvcheck',
      '/payments/success',
    ])
  })

  it('Monetico: the sealed form posted; the CGI2 call settles, the return page reads it', async () => {
    const j = await open('monetico')
    for (const payer of ['cancel', 'refuse', 'pay'] as const) {
      j.routes.payer = payer
      await toPaymentStep(j, 'monetico')
      await payButton(j.page).click()
      await (payer === 'pay' ? expectSuccessPage(j) : expectFailPage(j))
    }
    // cancel: no CGI2, the server still waits (pending); refused then paid: sealed CGI2 taken
    expect(j.decided).toEqual(['success pending', 'success failed', 'success succeeded'])
    expect(j.routes.cgi2).toEqual(['version=2\ncdr=0\n', 'version=2\ncdr=0\n'])
    expect(j.routes.requests).toEqual(
      Array(3).fill('https://p.monetico-services.com/test/paiement.cgi'),
    )
  })

  it('each paying page allows exactly its provider’s hosts; no other page does (decision 019)', async () => {
    const csp = async (provider: Provider, path: string) =>
      String((await fetchPage(sitePort, HOSTS[provider], path)).headers['content-security-policy'])
    for (const path of ['/panier', '/gift']) {
      const payzen = await csp('payzen', path)
      expect(payzen).toMatch(/script-src [^;]* https:\/\/static\.payzen\.eu;/)
      expect(payzen).toMatch(/style-src [^;]* https:\/\/static\.payzen\.eu[;\s]/)
      expect(payzen).toMatch(/connect-src 'self' https:\/\/api\.payzen\.eu;/)
      expect(payzen).toContain("form-action 'self';")
      expect(await csp('monetico', path)).toContain(
        "form-action 'self' https://p.monetico-services.com;",
      )
      expect(await csp('saferpay', path)).not.toMatch(/saferpay|payzen|monetico/)
    }
    for (const provider of Object.keys(HOSTS) as Provider[]) {
      for (const path of ['/', SERVICE, '/payments/rdvcheck']) {
        expect(await csp(provider, path)).not.toMatch(/payzen\.eu|monetico-services/)
      }
    }
  })
})
