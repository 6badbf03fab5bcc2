import type { Browser, BrowserContext, Page, Response } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { formatMoney } from '#domain/money/format-money'
import { type Locale, t, tn } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import { freshIdentity, registerByApi } from './support/account'
import { DESKTOP, expectAxeClean, openJourney, PHONE, withCustomerSession } from './support/booking'
import { journeyProduct } from './support/product'

/**
 * docs/product/5-rules.md#coupons: a coupon code in the booking cart of maison-lumiere (one shop,
 * free provider), by a new customer: an unknown code and an ended one refused in the customer's
 * language, then BIENVENUE10 (10 %, once per customer) applied with its discount as its own line,
 * the payment step's total equal to what the server initialised, removed and applied again there,
 * and paid. Desktop in French, phone in English. The discount line is
 * [data-coupon-discount][data-amount].
 */
const product = journeyProduct()
const HOST = 'maison-lumiere.localhost'
const SERVICE = '/services/soins-visage/soin-hydratation-intense'
const MONEY = { mCurrency: { symbol: '€', code: 'EUR' }, mCurrencyFormat: '#!' }
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

const prefix = (locale: Locale) => (locale === 'fr' ? '' : `/${locale}`)
const euros = (minor: number, locale: Locale) => formatMoney(minor, locale, MONEY)

interface Prices {
  subtotal: { amount: number }
  discount: { amount: number }
  total: { amount: number }
}
interface Initialized {
  prices: Prices
  coupon?: { code: string; discount: { amount: number } }
}

const answerOf = (page: Page, path: string) =>
  page.waitForResponse((r: Response) => r.url().includes(path) && r.request().method() === 'POST')

async function holdOneService(page: Page, locale: Locale) {
  await page.goto(product.url(HOST, `${prefix(locale)}${SERVICE}?page=reserved`))
  const grid = page.getByRole('grid', { name: t(locale, 'booking.chooseSlot') })
  await grid.waitFor()
  await grid.getByRole('button').first().click()
  await page.getByRole('button', { name: t(locale, 'booking.addToCart') }).click()
  await page.getByText(t(locale, 'booking.addedToCart'), { exact: false }).waitFor()
}

async function journey(viewport: { width: number; height: number }, locale: Locale) {
  const token = await registerByApi(product, HOST, freshIdentity(`coupon-${locale}`))
  const { context, page, problems } = await openJourney(browser, viewport)
  contexts.push(context)
  await withCustomerSession(context, token)
  await holdOneService(page, locale)

  await page.goto(product.url(HOST, `${prefix(locale)}/panier`))
  const cart = page.getByRole('region', { name: t(locale, 'booking.cartTitle') })
  await cart.waitFor()
  const input = cart.getByLabel(t(locale, 'coupon.field.label'))
  const apply = cart.getByRole('button', { name: t(locale, 'coupon.field.apply') })

  // refused: an unknown code (button), an ended one (Enter), each in the customer's language
  await input.fill('PASUNCODE')
  const unknown = answerOf(page, '/api/coupons/apply')
  await apply.click()
  expect((await unknown).status()).toBe(404)
  await cart.getByText(t(locale, 'coupon.field.refused.unknown')).waitFor()
  expect(await input.getAttribute('aria-invalid')).toBe('true')
  await input.fill('ETE2025')
  const ended = answerOf(page, '/api/coupons/apply')
  await input.press('Enter')
  expect((await ended).status()).toBe(400)
  await cart.getByText(t(locale, 'coupon.field.refused.expired')).waitFor()
  await expectAxeClean(page, `cart with a refused coupon (${locale})`)
  expect(await cart.locator('[data-coupon-discount]').count()).toBe(0)

  // applied: the server's discount as its own line, the total after it
  await input.fill('bienvenue10')
  const accepted = answerOf(page, '/api/coupons/apply')
  await apply.click()
  const preview = (await (await accepted).json()) as {
    discount: { amount: number }
    total: { amount: number }
  }
  const line = cart.locator('[data-coupon-discount]')
  await line.waitFor()
  const discount = preview.discount.amount
  const subtotal = preview.total.amount + discount
  expect(discount).toBe(Math.round(subtotal / 10))
  expect(Number(await line.getAttribute('data-amount'))).toBe(discount)
  expect((await line.locator('dt').textContent())?.endsWith('(BIENVENUE10)')).toBe(true)
  expect(await line.locator('dd').textContent()).toBe(
    t(locale, 'coupon.field.minus', { amount: euros(discount, locale) }),
  )
  const total = cart.locator('[data-coupon-total]')
  expect(Number(await total.getAttribute('data-amount'))).toBe(preview.total.amount)
  expect(await total.locator('dd').textContent()).toBe(euros(preview.total.amount, locale))
  // the keyboard follows: the remove button has the focus, named with the code
  const removeName = t(locale, 'coupon.field.removeCode', { code: 'BIENVENUE10' })
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
    removeName,
  )

  await expectAxeClean(page, `cart with an applied coupon (${locale})`)

  // the payment step: initialize got the code, the step shows the server's amounts
  const initialized = answerOf(page, '/api/payment/initialize')
  await cart.getByRole('button', { name: t(locale, 'booking.proceed') }).click()
  const init = (await (await initialized).json()) as Initialized
  expect(init.coupon).toEqual({
    code: 'BIENVENUE10',
    discount: { amount: discount, currency: 'EUR' },
  })
  expect(init.prices.total.amount).toBe(preview.total.amount)
  expect(init.prices.subtotal.amount).toBe(subtotal)
  const step = page.locator('.payment-step')
  const pay = step.getByRole('button', { name: t(locale, 'payment.confirmFree') })
  await pay.waitFor()
  const stepLine = step.locator('[data-coupon-discount]')
  expect(Number(await stepLine.getAttribute('data-amount'))).toBe(init.coupon?.discount.amount)
  const shownTotal = step.locator('.payment-step__prices strong')
  expect(await shownTotal.textContent()).toBe(euros(init.prices.total.amount, locale))
  // the coupon is said once: no second "discount" line beside its own (no voucher here)
  expect(await step.locator('.payment-step__prices dt').allTextContents()).toEqual([
    t(locale, 'payment.total'),
  ])

  // removed on the payment step: a new initialize without it, the full price
  const without = answerOf(page, '/api/payment/initialize')
  await step.getByRole('button', { name: removeName }).click()
  const plain = (await (await without).json()) as Initialized
  expect(plain.coupon).toBeUndefined()
  expect(plain.prices.total.amount).toBe(subtotal)
  await expect.poll(() => shownTotal.textContent()).toBe(euros(subtotal, locale))
  expect(await step.locator('[data-coupon-discount]').count()).toBe(0)

  // applied again there, then paid with it
  const again = answerOf(page, '/api/payment/initialize')
  await step.getByLabel(t(locale, 'coupon.field.label')).fill('BIENVENUE10')
  await step.getByRole('button', { name: t(locale, 'coupon.field.apply') }).click()
  const reapplied = (await (await again).json()) as Initialized
  expect(reapplied.prices.total.amount).toBe(preview.total.amount)
  await step.locator('[data-coupon-discount]').waitFor()
  await expect
    .poll(() => shownTotal.textContent())
    .toBe(euros(reapplied.prices.total.amount, locale))
  await pay.click()
  await page.waitForURL(`**${prefix(locale)}/payments/success`)
  await page.getByRole('heading', { name: t(locale, 'payment.success.title') }).waitFor()
  // the two refusals are answers the page expected (404 unknown, 400 ended), nothing else failed
  const refusals = /^(404|400) fetch \S+\/api\/coupons\/apply\?/
  expect(problems.filter((problem) => refusals.test(problem))).toHaveLength(2)
  expect(problems.filter((problem) => !refusals.test(problem))).toEqual([])
}

/**
 * The e-shop cart of maison-lumiere: the coffret (208, not stock-tracked) with BIENVENUE10, the
 * discount line in the cart, the payment step's total the server's (what initialize answered).
 */
async function shopJourney(viewport: { width: number; height: number }, locale: Locale) {
  const token = await registerByApi(product, HOST, freshIdentity(`coupon-shop-${locale}`))
  const { context, page, problems } = await openJourney(browser, viewport)
  contexts.push(context)
  await withCustomerSession(context, token)
  await page.goto(product.url(HOST, `${prefix(locale)}/boutique/article/coffret-decouverte`))
  // the add-to-cart island hydrates on load: its form submits through it once the page settled
  await page.waitForLoadState('networkidle')
  const quantity = page.locator('form.add-to-cart input[name="quantity"]')
  await quantity.fill('2')
  await quantity.press('Enter')
  await page.getByText(tn(locale, 'eshop.addedCount', 2)).waitFor()

  await page.goto(product.url(HOST, `${prefix(locale)}/panier`))
  const cart = page.getByRole('region', { name: t(locale, 'eshop.cartTitle') })
  await cart.waitFor()
  const accepted = answerOf(page, '/api/coupons/apply')
  await cart.getByLabel(t(locale, 'coupon.field.label')).fill('BIENVENUE10')
  await cart.getByRole('button', { name: t(locale, 'coupon.field.apply') }).click()
  const preview = (await (await accepted).json()) as {
    discount: { amount: number }
    total: { amount: number }
  }
  // 10 % of two coffrets at 49 €
  expect(preview).toMatchObject({ discount: { amount: 980 }, total: { amount: 8820 } })
  const line = cart.locator('[data-coupon-discount]')
  expect(Number(await line.getAttribute('data-amount'))).toBe(980)
  expect(await line.locator('dd').textContent()).toBe(
    t(locale, 'coupon.field.minus', { amount: euros(980, locale) }),
  )
  expect(Number(await cart.locator('[data-coupon-total]').getAttribute('data-amount'))).toBe(8820)

  const initialized = answerOf(page, '/api/payment/initialize')
  await cart.getByRole('button', { name: t(locale, 'eshop.checkout') }).click()
  const init = (await (await initialized).json()) as Initialized
  expect(init.prices).toMatchObject({
    subtotal: { amount: 9800 },
    discount: { amount: 980 },
    total: { amount: 8820 },
  })
  const step = page.locator('.payment-step')
  await step.locator('[data-coupon-discount]').waitFor()
  expect(Number(await step.locator('[data-coupon-discount]').getAttribute('data-amount'))).toBe(980)
  await expect
    .poll(() => step.locator('.payment-step__prices strong').textContent())
    .toBe(euros(8820, locale))
  await expectAxeClean(page, `e-shop payment step with a coupon (${locale})`)
  expect(problems).toEqual([])
}

describe('coupon code in the booking cart and the payment step (docs/product/5-rules.md#coupons)', () => {
  it('desktop, French', async () => {
    await journey(DESKTOP, 'fr')
  })

  it('phone, English', async () => {
    await journey(PHONE, 'en')
  })

  it('e-shop cart, desktop, French', async () => {
    await shopJourney(DESKTOP, 'fr')
  })

  it('e-shop cart, phone, English', async () => {
    await shopJourney(PHONE, 'en')
  })
})
