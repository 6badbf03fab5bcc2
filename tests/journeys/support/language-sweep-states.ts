import type { Page } from 'playwright-core'
import { type Locale, t } from '#i18n/index'
import { freshIdentity } from './account'
import type { Lexicon } from './language-leaks'
import { leaksOf } from './language-sweep'

/**
 * The states of the language sweep reached through a form (docs/product/4-states.md,
 * docs/product/8-errors.md): each starts on a page already swept (`open` loads it in the page's
 * language), brings the state about as a visitor would and answers its leaks.
 */
type Open = (path: string) => Promise<void>

/** Registration refused: the e-mail of an existing customer, through the register form. */
export async function refusedRegistration(
  lexicon: Lexicon,
  page: Page,
  locale: Locale,
  open: Open,
  email: string,
): Promise<string[]> {
  await open('/auth/customer/register')
  const fresh = freshIdentity('sweep')
  const field = (key: Parameters<typeof t>[1]) => page.getByLabel(t(locale, key), { exact: true })
  await field('auth.email').fill(email)
  await field('auth.phone').fill(fresh.phone)
  await field('auth.password').fill(fresh.password)
  await field('auth.passwordConfirm').fill(fresh.password)
  await page.getByRole('button', { name: t(locale, 'auth.next') }).click()
  await page
    .getByRole('alert')
    .filter({ hasText: t(locale, 'auth.errType.accountExists') })
    .waitFor()
  return leaksOf(lexicon, locale, page, 'refused registration')
}

/** The gift form sent empty, then with an amount below the range: the errors it announces. */
export async function giftFormErrors(
  lexicon: Lexicon,
  page: Page,
  locale: Locale,
  open: Open,
): Promise<string[]> {
  await open('/gift')
  const send = page.getByRole('button', { name: t(locale, 'gift.continue') })
  await send.click()
  await page
    .getByRole('alert')
    .filter({ hasText: t(locale, 'gift.errorSummary') })
    .waitFor()
  const leaks = await leaksOf(lexicon, locale, page, 'gift form sent empty')
  const other = t(locale, 'gift.customAmount')
  await page.getByRole('radio', { name: other, exact: true }).check()
  await page.getByRole('textbox', { name: other }).fill('1')
  await send.click()
  await page
    .getByRole('textbox', { name: other })
    .and(page.locator('[aria-invalid="true"]'))
    .waitFor()
  leaks.push(...(await leaksOf(lexicon, locale, page, 'gift amount out of range')))
  return leaks
}

/** The e-shop checkout refused: more of a product than its stock (the cart holds the candle). */
export async function refusedCheckout(
  lexicon: Lexicon,
  page: Page,
  locale: Locale,
  open: Open,
): Promise<string[]> {
  await open('/panier')
  await page.getByRole('spinbutton').first().fill('999')
  await page.getByRole('button', { name: t(locale, 'eshop.checkout') }).click()
  await page
    .getByRole('button', { name: t(locale, 'eshop.adjust') })
    .or(page.getByRole('alert').filter({ hasText: /\p{L}/u }))
    .first()
    .waitFor()
  return leaksOf(lexicon, locale, page, 'e-shop checkout refused')
}

/**
 * /payments/rdvcheck as the card payment returns to it (`?cartId=`) while the server has not
 * answered yet: the check in progress. The answer is held, so the page stays in that state.
 */
export async function rdvcheckChecking(
  lexicon: Lexicon,
  page: Page,
  locale: Locale,
  url: string,
): Promise<string[]> {
  const held = (address: URL) => address.pathname.startsWith('/api/payment/success/')
  await page.route(held, () => undefined)
  try {
    await page.goto(url)
    await page
      .getByRole('status')
      .filter({ hasText: t(locale, 'payment.rdvcheck.checking') })
      .waitFor()
    return await leaksOf(lexicon, locale, page, '/payments/rdvcheck?cartId= checking')
  } finally {
    await page.unroute(held)
  }
}

/**
 * A real booking paid with the free provider (the tenant's provider): the first slot of the
 * service at the shop, /panier, the payment step, then /payments/success with the booked
 * appointment and its bill, as this tab just paid them. `servicePath` is a service page.
 */
export async function paidBooking(
  lexicon: Lexicon,
  page: Page,
  locale: Locale,
  open: Open,
  servicePath: string,
): Promise<string[]> {
  await page.evaluate(() => localStorage.removeItem('booking-cart'))
  await open(`${servicePath}?page=reserved`)
  const grid = page.getByRole('grid', { name: t(locale, 'booking.chooseSlot') })
  // the shop dialog, should the page ask for the shop: the first one offered
  const shops = page.getByRole('dialog', { name: t(locale, 'booking.shopDialogTitle') })
  await grid.or(shops).first().waitFor()
  if (await shops.isVisible()) {
    await shops
      .getByRole('button', { name: t(locale, 'booking.bookHere') })
      .first()
      .click()
    await grid.waitFor()
  }
  await grid.getByRole('button').first().click()
  await page.getByRole('button', { name: t(locale, 'booking.addToCart') }).click()
  await page.getByText(t(locale, 'booking.addedToCart'), { exact: false }).waitFor()
  const leaks = await leaksOf(lexicon, locale, page, 'slot added to the cart')
  await open('/panier')
  await page.getByRole('button', { name: t(locale, 'booking.proceed') }).click()
  const pay = page.getByRole('button', { name: t(locale, 'payment.confirmFree') })
  await pay.waitFor({ timeout: 30_000 })
  leaks.push(...(await leaksOf(lexicon, locale, page, 'payment step')))
  await pay.click()
  await page.waitForURL('**/payments/success', { timeout: 60_000 })
  await page.locator('.booking-confirmation li').first().waitFor()
  await page.waitForLoadState('networkidle').catch(() => undefined)
  leaks.push(...(await leaksOf(lexicon, locale, page, '/payments/success after paying')))
  return leaks
}
