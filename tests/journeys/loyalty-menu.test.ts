import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Locale, t } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import {
  CAMILLE,
  DEMO_PASSWORD,
  DESKTOP,
  expectAxeClean,
  expectEntries,
  freshIdentity,
  loginByApi,
  ML,
  openPage,
  PHONE,
  registerByApi,
  storeToken,
} from './support/account'
import { journeyProduct } from './support/product'

/**
 * The account menu shows loyalty only to a customer who has a loyalty card
 * (docs/product/2-screens.md header, docs/product/6-roles.md): the demo customer has one, a
 * customer registered now has none. Both are made through the API, as the account journeys do.
 */
const product = journeyProduct()
let browser: Browser
const contexts: BrowserContext[] = []
let withCard = ''
let withoutCard = ''

beforeAll(async () => {
  browser = await launchBrowser()
  withCard = await loginByApi(product, ML, { email: CAMILLE.email, password: DEMO_PASSWORD })
  withoutCard = await registerByApi(product, ML, freshIdentity('nocard'))
}, 60_000)

afterAll(async () => {
  await browser?.close()
})

afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

const home = (locale: Locale) => (locale === 'fr' ? '/' : `/${locale}`)

describe.each(['fr', 'en'] as const)('loyalty in the account menu (%s)', (locale) => {
  it('a customer with a card sees it in the header menu, and it leads to the card', async () => {
    const { page, problems } = await openPage(browser, DESKTOP, contexts)
    await page.goto(product.url(ML, home(locale)))
    await storeToken(page, withCard)
    await page.reload()
    await expectEntries(page, 'menu', ['account', 'orders', 'eshoporders', 'loyalty', 'logout'])
    const header = page.locator('header')
    await header.getByLabel(t(locale, 'a11y.accountMenu')).click()
    const loyalty = header.getByRole('link', { name: t(locale, 'nav.loyalty'), exact: true })
    await loyalty.waitFor()
    await expectAxeClean(page, `account menu with a card (${locale})`)
    await loyalty.click()
    await page.waitForURL((url) => url.pathname.endsWith('/profile/loyalty'))
    expect(problems).toEqual([])
  })

  it('a customer without a card does not, in the header menu nor in the drawer', async () => {
    const { page, problems } = await openPage(browser, DESKTOP, contexts)
    await page.goto(product.url(ML, home(locale)))
    await storeToken(page, withoutCard)
    // the card is asked for, and answered null: only then is the menu final
    const cards: unknown[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/loyalty/current') {
        void response.json().then((card: unknown) => cards.push(card))
      }
    })
    await page.reload()
    await expect.poll(() => cards, { timeout: 20_000 }).toEqual([null])
    await expectEntries(page, 'menu', ['account', 'orders', 'eshoporders', 'logout'])
    await page.locator('header').getByLabel(t(locale, 'a11y.accountMenu')).click()
    await expectAxeClean(page, `account menu without a card (${locale})`)
    await page.setViewportSize(PHONE)
    await page.getByRole('button', { name: t(locale, 'a11y.menuOpen') }).click()
    await page.locator('dialog#drawer').waitFor({ state: 'visible' })
    await expectEntries(page, 'drawer', ['account', 'orders', 'eshoporders', 'logout'])
    expect(problems).toEqual([])
  })
})
