import type { Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type Locale, t } from '#i18n/index'
import { freshIdentity, registerByApi } from './support/account'
import {
  DESKTOP,
  expectAxeClean,
  journeyBrowser,
  PHONE,
  withCustomerSession,
} from './support/booking'
import { journeyProduct } from './support/product'

/**
 * The booking payment step's message for the salon (docs/api/payments.md update-message) on
 * maison-lumiere (one shop, free provider): written in the step, saved on the cart before paying;
 * when saving fails the failure is only logged and the payment goes on (docs/product/8-errors.md).
 * Desktop in French, phone in English.
 */
const product = journeyProduct()
const HOST = 'maison-lumiere.localhost'
const SERVICE = '/services/massages-corps/massage-californien'
const UPDATE = '/api/payment/update-message'
const journeys = journeyBrowser()

const prefix = (locale: Locale) => (locale === 'fr' ? '' : `/${locale}`)

/** One service in the booking cart, then /panier's payment step. */
async function toPaymentStep(page: Page, locale: Locale) {
  await page.goto(product.url(HOST, `${prefix(locale)}${SERVICE}?page=reserved`))
  const grid = page.getByRole('grid', { name: t(locale, 'booking.chooseSlot') })
  await grid.waitFor()
  await grid.getByRole('button').first().click()
  await page.getByRole('button', { name: t(locale, 'booking.addToCart') }).click()
  await page.getByText(t(locale, 'booking.addedToCart'), { exact: false }).waitFor()
  await page.goto(product.url(HOST, `${prefix(locale)}/panier`))
  const cart = page.getByRole('region', { name: t(locale, 'booking.cartTitle') })
  await cart.getByRole('button', { name: t(locale, 'booking.proceed') }).click()
  await page.getByRole('button', { name: t(locale, 'payment.confirmFree') }).waitFor()
}

async function paid(page: Page, locale: Locale) {
  await page.getByRole('button', { name: t(locale, 'payment.confirmFree') }).click()
  await page.waitForURL(`**${prefix(locale)}/payments/success`)
  await page.getByRole('heading', { name: t(locale, 'payment.success.title') }).waitFor()
}

async function open(viewport: { width: number; height: number }, locale: Locale) {
  const token = await registerByApi(product, HOST, freshIdentity(`salon-${locale}`))
  const journey = await journeys.open(viewport)
  await withCustomerSession(journey.context, token)
  return journey
}

describe('booking payment: the message for the salon', () => {
  it('desktop, French: the message is saved on the cart before the payment', async () => {
    const { page, problems } = await open(DESKTOP, 'fr')
    await toPaymentStep(page, 'fr')
    const field = page.getByLabel(t('fr', 'payment.salonMessage'))
    await field.fill('  Je serai peut-être en retard de cinq minutes.  ')
    await expectAxeClean(page, 'payment step with the message field')
    const update = page.waitForRequest((r: Request) => r.url().includes(UPDATE))
    const answer = page.waitForResponse((r) => r.url().includes(UPDATE))
    await page.getByRole('button', { name: t('fr', 'payment.confirmFree') }).click()
    const body = (await update).postDataJSON() as { cartId: string; message: string }
    expect(body.message).toBe('Je serai peut-être en retard de cinq minutes.')
    expect(body.cartId).toMatch(/\S/)
    expect((await answer).ok()).toBe(true)
    await page.waitForURL('**/payments/success')
    await page.getByRole('heading', { name: t('fr', 'payment.success.title') }).waitFor()
    expect(problems).toEqual([])
  })

  it('phone, English: a failed save is only logged and the payment goes on', async () => {
    const { page, problems } = await open(PHONE, 'en')
    await page.route(
      (address) => address.pathname === UPDATE,
      (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    )
    const warnings: string[] = []
    page.on('console', (message) => warnings.push(message.text()))
    await toPaymentStep(page, 'en')
    await page.getByLabel(t('en', 'payment.salonMessage')).fill('Please use unscented oil.')
    await expectAxeClean(page, 'payment step with the message field (en)')
    const update = page.waitForResponse((r) => r.url().includes(UPDATE))
    await paid(page, 'en')
    expect((await update).status()).toBe(503)
    // the one failure is the refused update, and nothing else went wrong
    expect(problems.filter((problem) => !problem.includes(UPDATE))).toEqual([])
    expect(warnings.some((text) => text.includes('payment.updateMessage'))).toBe(true)
  })

  it('desktop, French: an empty message sends nothing', async () => {
    const { page, problems } = await open(DESKTOP, 'fr')
    const updates: string[] = []
    page.on('request', (r) => {
      if (r.url().includes(UPDATE)) updates.push(r.url())
    })
    await toPaymentStep(page, 'fr')
    await paid(page, 'fr')
    expect(updates).toEqual([])
    expect(problems).toEqual([])
  })
})
