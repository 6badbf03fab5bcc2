import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { t } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import {
  DESKTOP,
  expectAxeClean,
  focusedName,
  openJourney,
  signInByApi,
  tabTo,
  withCustomerSession,
} from './support/booking'
import { journeyProduct } from './support/product'

/**
 * The booking journey (docs/product/4-states.md#booking-cart) completed with the keyboard alone,
 * and axe-core clean on every step: Tab, Shift+Tab, Enter, Space and the arrow keys only (no
 * click), German on desktop, on bains-du-lac with the free provider. axe-core (WCAG 2.1 A/AA) finds
 * nothing serious or critical at each step, the shop choice dialog open included.
 */
const product = journeyProduct()
const HOST = 'bains-du-lac.localhost'
const CUSTOMER = 'julien.favre@example.com'
const LOCALE = 'de'
const ANNECY = 'Les Bains du Lac Annecy'
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

const tr = (key: Parameters<typeof t>[1], params?: Parameters<typeof t>[2]) =>
  t(LOCALE, key, params)

/** Walks the grid with the arrow keys, checks the focus moved, and chooses with `key`. */
async function chooseWithArrows(page: Page, key: 'Enter' | ' '): Promise<string> {
  await tabTo(page, /\d{2}:\d{2}$/)
  // late in the day, today may have one slot left: ArrowRight to the first day with two
  let moved = false
  for (let day = 0; day < 7 && !moved; day++) {
    const first = await focusedName(page)
    await page.keyboard.press('ArrowDown')
    moved = (await focusedName(page)) !== first
    if (moved) {
      await page.keyboard.press('ArrowUp')
      expect(await focusedName(page)).toBe(first)
    } else await page.keyboard.press('ArrowRight')
  }
  expect(moved, 'ArrowDown moves the focus in a day of several slots').toBe(true)
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowDown')
  const chosen = await focusedName(page)
  await page.keyboard.press(key)
  // the choice is announced in the live region
  await page.getByText(tr('booking.slotChosen', { when: chosen })).waitFor()
  return chosen
}

async function bookService(page: Page, path: string, withDialog: boolean): Promise<string> {
  await page.goto(product.url(HOST, `/${LOCALE}${path}?page=reserved`))
  if (withDialog) {
    const dialog = page.getByRole('dialog', { name: tr('booking.shopDialogTitle') })
    await dialog.waitFor()
    await expectAxeClean(page, 'shop choice dialog')
    // the modal holds the focus: Tab reaches the shop's button inside it
    await tabTo(page, `${tr('booking.bookHere')} – ${ANNECY}`, { max: 20 })
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'hidden' })
    // the focus moved to the slot picker
    expect(await focusedName(page)).toBe(tr('booking.chooseSlot'))
  }
  await page.getByRole('grid').waitFor()
  await expectAxeClean(page, `slot picker ${path}`)
  const chosen = await chooseWithArrows(page, withDialog ? 'Enter' : ' ')
  await tabTo(page, tr('booking.addToCart'))
  await page.keyboard.press('Enter')
  await page.getByRole('status').getByText(tr('booking.addedToCart'), { exact: false }).waitFor()
  await expectAxeClean(page, 'added to the cart')
  return chosen
}

describe('booking with the keyboard alone', () => {
  it('books two services and pays, axe-clean at every step (desktop, de)', async () => {
    const token = await signInByApi(product.apiUrl, HOST, CUSTOMER)
    const { context, page, problems } = await openJourney(browser, DESKTOP)
    contexts.push(context)
    await withCustomerSession(context, token)

    await bookService(page, '/services/massages/massage-deep-tissue', true)
    await bookService(page, '/services/soins-visage/soin-visage-purifiant', false)

    // to the cart by the notice's link
    await tabTo(page, tr('cart.goToCart'))
    await page.keyboard.press('Enter')
    await page.waitForURL(`**/${LOCALE}/panier`)
    const cart = page.getByRole('region', { name: tr('booking.cartTitle') })
    await cart.waitFor()
    expect(await cart.getByRole('listitem').count()).toBe(2)
    await expectAxeClean(page, 'cart')

    await tabTo(page, tr('booking.proceed'))
    await page.keyboard.press('Enter')
    const pay = page.getByRole('button', { name: tr('payment.confirmFree') })
    await pay.waitFor()
    // the focus moved to the payment step's heading
    expect(await focusedName(page)).toBe(tr('payment.title'))
    await expectAxeClean(page, 'payment step')
    await tabTo(page, tr('payment.confirmFree'))
    await page.keyboard.press('Space')

    await page.waitForURL(`**/${LOCALE}/payments/success`)
    await page.getByRole('heading', { name: tr('payment.success.title') }).waitFor()
    await page.getByRole('link', { name: tr('booking.addToCalendar') }).waitFor()
    await expectAxeClean(page, 'success')
    await tabTo(page, tr('booking.addToCalendar'))
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ])
    expect(download.suggestedFilename()).toBe('reservation.ics')
    expect(problems).toEqual([])
  })
})
