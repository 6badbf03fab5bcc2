import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wallClockDateTime } from '#domain/account/order-dates'
import { formatMoney } from '#domain/money/format-money'
import { t } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import { bookingByApi, HOST, REFLEXOLOGY, raiseServicePrice } from './support/manage'
import { journeyProduct } from './support/product'
import { customerToken, DESKTOP, newVisitor, signInVisitor } from './support/shop'
import { recordPaymentAtShop, staffToken } from './support/shop-gift'

/**
 * A visit moved to a dearer one, the difference paid first
 * (docs/decisions/042-reschedule-pay-difference.md), in Chromium against the shared product on
 * maison-lumiere (free provider: the difference is confirmed due at the shop, decision 012):
 * booked at 55,00 €, the shop raises the service to 65,00 €, the customer moves the visit from
 * the account's order by keyboard, is shown the 10,00 € difference, pays it, sees the visit
 * moved; the shop records the 10,00 € and the order says 65,00 € paid.
 */
const product = journeyProduct()
const MONEY = { mCurrency: { symbol: '€', code: 'EUR' }, mCurrencyFormat: '#!' }
const CAMILLE = 'camille.martin@example.com'
const RAISED = 6500
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('a dearer move', () => {
  it('shows the difference, pays it, and the visit moves with the amount in the order', async () => {
    const token = await customerToken(product, HOST, CAMILLE)
    const booked = await bookingByApi(product, token, 70, 7, () => true, REFLEXOLOGY)
    if (!booked) throw new Error('no free slot to book')
    await recordPaymentAtShop(product, HOST, booked.orderId, booked.charged)
    const staff = await staffToken(product, HOST)
    const restore = await raiseServicePrice(product, REFLEXOLOGY, RAISED, staff)
    const visitor = await newVisitor(browser, product, HOST, DESKTOP)
    const { page } = visitor
    try {
      await signInVisitor(visitor, product, HOST, token)
      await page.goto(product.url(HOST, `/profile/orders?id=${booked.orderId}`))
      await page.locator('[data-manage-visit="ready"]').waitFor({ timeout: 30_000 })

      // the move, by keyboard: two windows of days on, the first free time, confirmed
      await page.getByRole('button', { name: t('fr', 'manage.reschedule') }).focus()
      await page.keyboard.press('Enter')
      const next = page.getByRole('button', { name: t('fr', 'booking.nextDays') })
      for (let i = 0; i < 2; i++) {
        await page.locator('.slot-grid__time[tabindex="0"]').waitFor({ timeout: 30_000 })
        await next.click()
      }
      const first = page.locator('.slot-grid__time[tabindex="0"]')
      await first.waitFor({ timeout: 30_000 })
      await first.focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', { name: t('fr', 'manage.confirmMoveTitle') })
      await dialog.waitFor()
      // the confirmation already says what the move costs more, at today's price
      const difference = RAISED - booked.charged
      const amount = formatMoney(difference, 'fr-FR', MONEY)
      await expect(dialog.textContent()).resolves.toContain(
        t('fr', 'manage.payDifference', { amount }),
      )
      await dialog.getByRole('button', { name: t('fr', 'manage.reschedule') }).focus()
      const quoted = page.waitForResponse((r) => r.url().includes('/api/payment/initialize'))
      await page.keyboard.press('Enter')

      // nothing moved yet: the difference the server computed, and the step that pays it
      const initialize = await quoted
      const asked = initialize.request().postDataJSON() as { reschedule: { start: string } }
      const movedTo = t('fr', 'manage.when', {
        when: wallClockDateTime(asked.reschedule.start, 'fr-FR'),
      })
      const { cartId, prices } = (await initialize.json()) as {
        cartId: string
        prices: { total: { amount: number } }
      }
      expect(prices.total.amount).toBe(difference)
      const shown = page.locator('[data-manage-difference]')
      await shown.waitFor({ timeout: 30_000 })
      await expect(shown.getAttribute('data-manage-difference')).resolves.toBe(String(difference))
      await expect(shown.textContent()).resolves.toContain(amount)
      await expect(page.locator('[data-manage-outcome]').count()).resolves.toBe(0)

      const pay = page.getByRole('button', { name: t('fr', 'manage.payButton', { amount }) })
      await pay.focus()
      await page.keyboard.press('Enter')
      const outcome = page.locator('[data-manage-outcome="moved"]')
      await outcome.waitFor({ timeout: 30_000 })
      await expect(outcome.textContent()).resolves.toContain(
        t('fr', 'manage.dueDifference', { amount }),
      )

      // the shop records the difference paid at the counter: the order says so
      await recordPaymentAtShop(product, HOST, cartId, difference)
      await page.reload()
      const status = page.locator('[data-manage-status]')
      await status.waitFor({ timeout: 30_000 })
      await expect(status.getAttribute('data-manage-paid')).resolves.toBe(String(RAISED))
      await expect(status.getAttribute('data-manage-status')).resolves.toBe('confirmed')
      // read again from the server: the visit is at its new time
      await expect(page.locator('.manage-visit').textContent()).resolves.toContain(movedTo)
      expect(visitor.problems).toEqual([])
    } finally {
      await visitor.context.close()
      await restore()
    }
  }, 240_000)
})
