import { readFileSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { BookingOrder } from '#contract/booking-order'
import { formatMoney, type MoneySettingsLike } from '#domain/money/format-money'
import { type Locale, t } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import {
  DESKTOP,
  expectAxeClean,
  openJourney,
  PHONE,
  signInByApi,
  withCustomerSession,
} from './support/booking'
import { journeyProduct } from './support/product'
import { apiGet, newVisitor } from './support/shop'
import {
  fillGiftForm,
  pressPay,
  recordPaymentAtShop,
  voucherCodeFromLog,
} from './support/shop-gift'

/**
 * Buy a gift voucher, then pay a booking with its code (docs/product/5-rules.md#gifts), on
 * maison-lumiere (one shop, gift vouchers, free provider; the other journeys of the shared product
 * book at bains-du-lac): a visitor buys the voucher on /gift, pays it at the shop (free provider,
 * decision 012: the shop records the payment through the API), its code comes from the e-mail in
 * the product log, then the demo customer books a service (?page=reserved), types the code on
 * /panier and pays.
 * (a) a voucher larger than the booking: nothing to pay, the voucher keeps the rest;
 * (b) a voucher smaller: used up, the rest due at the shop (free provider), recorded there;
 * (c) the spent code again: a translated error on /panier and nothing booked.
 * The slots are taken a week apart or more (next-days pages) so the customer's bookings never
 * overlap one another.
 */
const product = journeyProduct()
const HOST = 'maison-lumiere.localhost'
const CUSTOMER = 'camille.martin@example.com'
/** the customer's link in the demo data (tenants/maison-lumiere.localhost/users.json) */
const ARTEBEAUTE_ID = 30001
const company = JSON.parse(readFileSync(`tenants/${HOST}/company.json`, 'utf8')) as {
  booker: MoneySettingsLike
}
const MONEY: MoneySettingsLike = {
  mCurrency: company.booker.mCurrency,
  mCurrencyFormat: company.booker.mCurrencyFormat,
}
const money = (minor: number, locale: Locale) => formatMoney(minor, locale, MONEY)
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const PEDICURE = {
  path: '/services/mains-et-pieds/beaute-des-pieds',
  name: { fr: 'Beauté des pieds', en: 'Pedicure' },
  price: 4_500,
}
const CALIFORNIAN = {
  path: '/services/massages-corps/massage-californien',
  name: { fr: 'Massage californien', en: 'Californian massage' },
  price: 8_000,
}
const CLEANSING = {
  path: '/services/soins-visage/nettoyage-de-peau-profond',
  name: { fr: 'Nettoyage de peau profond', en: 'Deep cleansing facial' },
  price: 5_500,
}
type Service = typeof PEDICURE

interface Check {
  gift: { code: string; amount: { amount: number }; remaining: { amount: number } }
  usable: boolean
}

let browser: Browser
const contexts: BrowserContext[] = []
/** the voucher (b) spends entirely, tried again by (c) */
let spentCode = ''

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
const checkGift = (code: string) => apiGet<Check>(product, HOST, `/api/gifts/check/${code}`)

/** The e-mailed form of a code (four by four), as the recipient would type it. */
const asEmailed = (code: string) => code.match(/.{4}/g)?.join('-') ?? code

/** A visitor buys a voucher of `amount` (minor units) on /gift; answers its e-mailed code. */
async function buyVoucherInBrowser(
  amount: number,
  recipient: string,
  mailbox: string,
): Promise<string> {
  const visitor = await newVisitor(browser, product, HOST, DESKTOP)
  contexts.push(visitor.context)
  const { page } = visitor
  const email = `${mailbox}.${Date.now()}@example.com`
  await page.goto(product.url(HOST, '/gift'))
  await page.getByRole('heading', { level: 1, name: 'Cartes cadeaux' }).waitFor()
  // the form is hydrated (a fill before would be lost)
  await page.locator('[data-needed-island="gift"][data-mounted] form.gift-form').waitFor()
  await fillGiftForm(page, {
    theme: 'Merci',
    amountLabel: 'Autre montant',
    customAmount: String(amount / 100),
    customAmountField: 'Autre montant',
    nameLabel: /Nom du bénéficiaire/,
    name: recipient,
    emailLabel: /E-mail du bénéficiaire/,
    email,
    messageLabel: 'Votre message',
    message: 'Pour un moment de détente',
    continueLabel: 'Continuer vers le paiement',
  })
  await page.getByRole('heading', { name: 'Paiement du bon cadeau' }).waitFor()
  const pay = page.getByRole('button', { name: `Payer ${money(amount, 'fr')}` })
  await pay.waitFor()
  const logFrom = product.output().length
  const answer = await pressPay(page, pay, 'click')
  expect(answer.amountDue?.amount).toBe(amount)
  await page.getByRole('heading', { name: 'Votre bon cadeau est réservé' }).waitFor()
  // paid at the shop, which records it: the voucher is issued and its code e-mailed
  await recordPaymentAtShop(product, HOST, answer.orderId ?? '', amount)
  const code = await voucherCodeFromLog(product, email, logFrom)
  const check = await checkGift(code)
  expect(check).toMatchObject({
    usable: true,
    gift: { amount: { amount }, remaining: { amount } },
  })
  expect(visitor.problems).toEqual([])
  return code
}

/** Chooses the first free time after `pages` clicks on the next days; answers its label. */
async function pickSlot(page: Page, locale: Locale, pages: number): Promise<string> {
  const grid = page.getByRole('grid', { name: t(locale, 'booking.chooseSlot') })
  const firstDay = () =>
    page
      .locator('.slot-grid th abbr')
      .first()
      .getAttribute('title', { timeout: 1_000 })
      .catch(() => null)
  await grid.waitFor()
  for (let i = 0; i < pages; i++) {
    const before = await firstDay()
    await page.getByRole('button', { name: t(locale, 'booking.nextDays') }).click()
    await expect.poll(firstDay, { timeout: 10_000 }).not.toBe(before)
  }
  await grid.waitFor()
  const first = grid.getByRole('button').first()
  const label = (await first.getAttribute('aria-label')) ?? ''
  await first.click()
  await page.getByText(t(locale, 'booking.slotChosen', { when: label })).waitFor()
  return label
}

/** Books `service` through its page with ?page=reserved (one shop: no shop dialog). */
async function bookService(page: Page, locale: Locale, service: Service, pages: number) {
  await page.goto(product.url(HOST, `${prefix(locale)}${service.path}?page=reserved`))
  await page.getByText(t(locale, 'booking.shopLabel', { name: 'Maison Lumière Lyon' })).waitFor()
  const when = await pickSlot(page, locale, pages)
  await page.getByRole('button', { name: t(locale, 'booking.addToCart') }).click()
  await page
    .getByRole('status')
    .getByText(`${t(locale, 'booking.addedToCart')} – ${service.name[locale as 'fr' | 'en']}`, {
      exact: false,
    })
    .waitFor()
  return when
}

/** /panier with one line: its name, price and total; then the code typed in the gift field. */
async function cartWithCode(page: Page, locale: Locale, service: Service, code: string) {
  await page.goto(product.url(HOST, `${prefix(locale)}/panier`))
  const cart = page.getByRole('region', { name: t(locale, 'booking.cartTitle') })
  await cart.waitFor()
  const name = service.name[locale as 'fr' | 'en']
  await cart.getByText(name, { exact: true }).waitFor()
  expect(await cart.getByRole('listitem').count()).toBe(1)
  await expect(cart.locator('.booking-cart__price').textContent()).resolves.toBe(
    money(service.price, locale),
  )
  await expect(cart.locator('.booking-cart__total').textContent()).resolves.toBe(
    `${t(locale, 'cart.total')} ${money(service.price, locale)}`,
  )
  await cart.getByRole('textbox', { name: t(locale, 'booking.giftCode') }).fill(asEmailed(code))
  await expectAxeClean(page, 'cart with a gift code')
  return cart
}

/** The payment step's prices as shown: discount (the vouchers) and total to pay. */
async function shownPrices(page: Page, locale: Locale) {
  const step = page.getByRole('region', { name: t(locale, 'payment.title') })
  await step.getByText(t(locale, 'payment.total')).waitFor()
  const terms = await step.locator('dt').allTextContents()
  const values = await step.locator('dd').allTextContents()
  return Object.fromEntries(terms.map((term, i) => [term, values[i]]))
}

/** /payments/success: the title, the booked line and the order number (answered). */
async function successShows(page: Page, locale: Locale, service: Service, when: string) {
  await page.waitForURL(`**${prefix(locale)}/payments/success`)
  await page.getByRole('heading', { level: 1, name: t(locale, 'payment.success.title') }).waitFor()
  const booked = page.getByRole('region', { name: t(locale, 'booking.confirmationTitle') })
  await booked.waitFor()
  const line = await booked.getByRole('listitem').textContent()
  expect(line).toContain(service.name[locale as 'fr' | 'en'])
  expect(line).toContain(when)
  const numberPattern = new RegExp(
    `^${escapeRegExp(t(locale, 'booking.orderNumber', { id: '@id@' })).replace('@id@', '(B\\d{8}-\\S+)')}$`,
  )
  const number = (await booked.getByText(numberPattern).textContent()) ?? ''
  const ideorder = number.match(numberPattern)?.[1] ?? ''
  expect(ideorder).toMatch(/^B\d{8}-/)
  await expectAxeClean(page, 'payment success')
  // the booking cart is empty after the payment
  expect(await page.evaluate(() => localStorage.getItem('booking-cart'))).toBeNull()
  return ideorder
}

async function ordersOf(token: string): Promise<BookingOrder[]> {
  return apiGet<BookingOrder[]>(
    product,
    HOST,
    `/api/customers/history?artebeauteId=${ARTEBEAUTE_ID}`,
    token,
  )
}

describe('a gift voucher pays a booking', () => {
  it('(a) a voucher larger than the booking: nothing to pay, the voucher keeps the rest (desktop, fr)', async () => {
    const voucher = 7_500
    const code = await buyVoucherInBrowser(voucher, 'Inès Garnier', 'ines.garnier')

    const token = await signInByApi(product.apiUrl, HOST, CUSTOMER)
    const { context, page, problems } = await openJourney(browser, DESKTOP)
    contexts.push(context)
    await withCustomerSession(context, token)
    const when = await bookService(page, 'fr', PEDICURE, 1)

    const cart = await cartWithCode(page, 'fr', PEDICURE, code)
    await cart.getByRole('button', { name: t('fr', 'booking.proceed') }).click()
    const pay = page.getByRole('button', { name: t('fr', 'payment.confirmFree') })
    await pay.waitFor()
    // the voucher pays the whole booking: nothing left to pay
    expect(await shownPrices(page, 'fr')).toEqual({
      [t('fr', 'payment.discount')]: `−${money(PEDICURE.price, 'fr')}`,
      [t('fr', 'payment.total')]: money(0, 'fr'),
    })
    await expectAxeClean(page, 'cart, payment step (nothing to pay)')
    await pay.click()

    const ideorder = await successShows(page, 'fr', PEDICURE, when)

    // the voucher went down by the booking's price; the order is confirmed and paid by it
    const check = await checkGift(code)
    expect(check.usable).toBe(true)
    expect(check.gift.amount.amount).toBe(voucher)
    expect(check.gift.remaining.amount).toBe(voucher - PEDICURE.price)
    const order = (await ordersOf(token)).find((o) => o.ideorder === ideorder)
    expect(order).toMatchObject({
      status: 'confirmed',
      total: { amount: PEDICURE.price },
      paid: { amount: PEDICURE.price },
    })
    expect(order?.appointments.map((a) => String(a.serviceId))).toEqual(['132'])
    expect(problems).toEqual([])
  })

  it('(b) a voucher smaller than the booking: used up, the rest due at the shop and recorded there (phone, en)', async () => {
    const voucher = 3_000
    const code = await buyVoucherInBrowser(voucher, 'Hugo Lemaire', 'hugo.lemaire')

    const token = await signInByApi(product.apiUrl, HOST, CUSTOMER)
    const { context, page, problems } = await openJourney(browser, PHONE)
    contexts.push(context)
    await withCustomerSession(context, token)
    // a phone shows four days a page: four pages on, past the slot of (a)
    const when = await bookService(page, 'en', CALIFORNIAN, 4)

    const cart = await cartWithCode(page, 'en', CALIFORNIAN, code)
    await cart.getByRole('button', { name: t('en', 'booking.proceed') }).click()
    const pay = page.getByRole('button', { name: t('en', 'payment.confirmFree') })
    await pay.waitFor()
    // the voucher pays 30.00, the free provider the remaining 50.00
    expect(await shownPrices(page, 'en')).toEqual({
      [t('en', 'payment.discount')]: `−${money(voucher, 'en')}`,
      [t('en', 'payment.total')]: money(CALIFORNIAN.price - voucher, 'en'),
    })
    await expectAxeClean(page, 'cart, payment step (rest to pay)')
    await pay.click()

    const ideorder = await successShows(page, 'en', CALIFORNIAN, when)

    const check = await checkGift(code)
    expect(check.usable).toBe(false)
    expect(check.gift.remaining.amount).toBe(0)
    const order = (await ordersOf(token)).find((o) => o.ideorder === ideorder)
    // confirmed, the voucher paid; the rest is due at the shop (free provider, decision 012)
    expect(order).toMatchObject({
      status: 'confirmed',
      total: { amount: CALIFORNIAN.price },
      paid: { amount: voucher },
      paymentProvider: 'free',
    })
    // the customer pays the 50.00 at the shop, which records it: paid in full
    await recordPaymentAtShop(product, HOST, order?.id ?? '', CALIFORNIAN.price - voucher)
    const recorded = (await ordersOf(token)).find((o) => o.ideorder === ideorder)
    expect(recorded?.paid.amount).toBe(CALIFORNIAN.price)

    // what the customer sees in the order's detail
    await page.goto(product.url(HOST, '/en/profile/orders'))
    await page.getByRole('link', { name: t('en', 'orders.detailTitle', { id: ideorder }) }).click()
    const detail = page.locator('dl').filter({ hasText: t('en', 'orders.paid') })
    await detail.waitFor()
    const terms = await detail.locator('dt').allTextContents()
    const values = await detail.locator('dd').allTextContents()
    const shown = Object.fromEntries(terms.map((term, i) => [term, values[i]]))
    expect(shown[t('en', 'orders.paid')]).toBe(money(CALIFORNIAN.price, 'en'))
    // the bill (docs/product/5-rules.md#order-bills): the service, the voucher's part, the rest
    // (paid at the shop)
    const bill = page.locator('[data-order-bill]')
    await expect(bill.locator('[data-bill-subtotal]').textContent()).resolves.toBe(
      money(CALIFORNIAN.price, 'en'),
    )
    await expect(bill.locator('[data-bill-voucher]').getAttribute('data-amount')).resolves.toBe(
      String(voucher),
    )
    await expect(bill.locator('[data-bill-total]').textContent()).resolves.toBe(
      money(CALIFORNIAN.price - voucher, 'en'),
    )
    await expect(bill.locator('[data-bill-payment]').getAttribute('data-state')).resolves.toBe(
      'paid',
    )
    expect(problems).toEqual([])
    spentCode = code
  })

  it('(c) the spent code again: a translated error on /panier, nothing booked (desktop, fr)', async () => {
    expect(spentCode, 'needs the voucher (b) used up').not.toBe('')
    const token = await signInByApi(product.apiUrl, HOST, CUSTOMER)
    const before = await ordersOf(token)
    const { context, page, problems } = await openJourney(browser, DESKTOP)
    contexts.push(context)
    await withCustomerSession(context, token)
    // three weeks on: past the slots of (a) and (b)
    await bookService(page, 'fr', CLEANSING, 3)

    const cart = await cartWithCode(page, 'fr', CLEANSING, spentCode)
    await cart.getByRole('button', { name: t('fr', 'booking.proceed') }).click()
    // a spent voucher is 409 giftUsed on every path and database (docs/api/errors.md)
    const alert = page.getByRole('alert').filter({ hasText: t('fr', 'booking.giftUsed') })
    await alert.waitFor()
    // said in French, with the focus on it, back on the cart (not the server's English words)
    await expect(alert.textContent()).resolves.toBe(t('fr', 'booking.giftUsed'))
    await expect(
      page.evaluate(() => document.activeElement?.classList.contains('booking-cart__error')),
    ).resolves.toBe(true)
    await expect(page.getByText(/gift card is used up/).count()).resolves.toBe(0)
    // the customer can correct the code where it was typed, and nothing was paid
    await expect(
      cart.getByRole('textbox', { name: t('fr', 'booking.giftCode') }).inputValue(),
    ).resolves.toBe(asEmailed(spentCode))
    await expect(
      page.getByRole('button', { name: t('fr', 'payment.confirmFree') }).count(),
    ).resolves.toBe(0)
    await expectAxeClean(page, 'cart with a used-up voucher')

    // nothing booked: no new confirmed order, the voucher still spent
    const after = await ordersOf(token)
    const confirmed = (orders: BookingOrder[]) =>
      orders.filter((o) => o.status === 'confirmed').map((o) => o.ideorder)
    expect(confirmed(after)).toEqual(confirmed(before))
    // (the customer is shared with other journeys: only orders made since count)
    const made = after.filter((o) => !before.some((b) => b.id === o.id))
    expect(
      made.some((o) =>
        o.appointments.some((a) => String(a.serviceId) === '103' && o.status === 'confirmed'),
      ),
    ).toBe(false)
    expect((await checkGift(spentCode)).gift.remaining.amount).toBe(0)
    expect(await page.evaluate(() => localStorage.getItem('booking-cart'))).not.toBeNull()
    // the one failed request is the refusal itself
    expect(problems).toEqual([expect.stringMatching(/^409 fetch \S+\/api\/payment\/initialize\b/)])
    // the visitor gives up: the line removed releases its hold (the next journey of this
    // customer starts from an empty cart)
    await cart.getByRole('button', { name: new RegExp(`^${t('fr', 'cart.remove')} – `) }).click()
    await expect.poll(() => cart.locator('.booking-cart__line').count()).toBe(0)
  })
})
