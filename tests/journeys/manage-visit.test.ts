import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMoney } from '#domain/money/format-money'
import { t } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import { bookingByApi, cancelByApi, EVIAN, HOST, manageLinkFromLog } from './support/manage'
import { journeyProduct } from './support/product'
import { customerToken, DESKTOP, newVisitor, signInVisitor } from './support/shop'
import { recordPaymentAtShop } from './support/shop-gift'

/**
 * A customer's own visit (docs/decisions/038-visit-policy.md), in Chromium against the shared
 * product, on maison-lumiere (default policy: both allowed until 24 h before, a cancellation
 * refunds): moved then cancelled from the account's booking order, by keyboard, the refund
 * shown in the order; moved from the confirmation e-mail's link (read in the product log)
 * without signing in; and refused online inside the notice a shop asks (Évian: a week).
 */
const product = journeyProduct()
const MONEY = { mCurrency: { symbol: '€', code: 'EUR' }, mCurrencyFormat: '#!' }
const CAMILLE = 'camille.martin@example.com'
/** a bains-du-lac customer (tenants/bains-du-lac.localhost/users.json) */
const JULIEN = 'julien.favre@example.com'
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/**
 * Opens the move, goes two windows of days on (past the 24 h of the policy, so the moved
 * visit can still be changed), picks the first free time by keyboard and confirms it.
 */
async function moveByKeyboard(page: Page) {
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
  await dialog.getByRole('button', { name: t('fr', 'manage.reschedule') }).focus()
  await page.keyboard.press('Enter')
  await page.locator('[data-manage-outcome="moved"]').waitFor({ timeout: 30_000 })
}

describe('a customer manages their visit', () => {
  it('from the account: moves it, then cancels it, the refund shown in the order', async () => {
    const token = await customerToken(product, HOST, CAMILLE)
    const booked = await bookingByApi(product, token, 56)
    if (!booked) throw new Error('no free slot to book')
    // paid at the shop and recorded there (decision 012): a cancellation now refunds it
    await recordPaymentAtShop(product, HOST, booked.orderId, booked.charged)
    const visitor = await newVisitor(browser, product, HOST, DESKTOP)
    const { page } = visitor
    try {
      await signInVisitor(visitor, product, HOST, token)
      await page.goto(product.url(HOST, `/profile/orders?id=${booked.orderId}`))
      await page.locator('[data-manage-visit="ready"]').waitFor({ timeout: 30_000 })
      await expect(page.locator('[data-visit-policy]').first().textContent()).resolves.toContain(
        t('fr', 'manage.policy.both', { hours: 24 }),
      )
      await moveByKeyboard(page)

      await page.getByRole('button', { name: t('fr', 'manage.cancel') }).click()
      const dialog = page.getByRole('dialog', { name: t('fr', 'manage.confirmCancelTitle') })
      await dialog.waitFor()
      // Escape keeps the visit
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      await page.getByRole('button', { name: t('fr', 'manage.cancel') }).click()
      await page.locator('[data-manage-confirm]').click()
      const outcome = page.locator('[data-manage-outcome="cancelled"]')
      await outcome.waitFor({ timeout: 30_000 })
      const amount = formatMoney(booked.charged, 'fr-FR', MONEY)
      await expect(outcome.textContent()).resolves.toContain(t('fr', 'manage.refunded', { amount }))
      await expect(
        page.locator('[data-manage-status]').getAttribute('data-manage-paid'),
      ).resolves.toBe('0')
      await expect(
        page.locator('[data-manage-status]').getAttribute('data-manage-status'),
      ).resolves.toBe('refunded')
      expect(visitor.problems).toEqual([])
    } finally {
      await visitor.context.close()
    }
  }, 180_000)

  it('from the e-mail link, without signing in: moves it', async () => {
    const token = await customerToken(product, HOST, CAMILLE)
    const from = product.output().length
    const booked = await bookingByApi(product, token, 63)
    if (!booked) throw new Error('no free slot to book')
    const link = await manageLinkFromLog(product, booked.orderId, from)
    const visitor = await newVisitor(browser, product, HOST, DESKTOP)
    const { page } = visitor
    try {
      await page.goto(product.url(HOST, `/payments/manage#${link}`))
      await page.locator('[data-manage-visit="ready"]').waitFor({ timeout: 30_000 })
      await moveByKeyboard(page)
      expect(visitor.problems).toEqual([])
    } finally {
      await visitor.context.close()
    }
  }, 180_000)

  it('inside the notice the shop asks: no online change, the API refuses', async () => {
    // Évian asks a week's notice (tenants/bains-du-lac.localhost): a visit more than a day and
    // less than six days on is inside it (and outside the default 24 h), whatever day and hour
    // the suite runs
    const token = await customerToken(product, EVIAN.host, JULIEN)
    const now = Date.now()
    const later = (at: number) => at > now + 25 * 3_600_000
    const booked = await bookingByApi(product, token, 1, 6, later, EVIAN)
    expect(booked, 'a free time at Évian in the coming six days').toBeDefined()
    const visitor = await newVisitor(browser, product, EVIAN.host, DESKTOP)
    const { page } = visitor
    try {
      await signInVisitor(visitor, product, EVIAN.host, token)
      await page.goto(product.url(EVIAN.host, `/profile/orders?id=${booked?.orderId ?? ''}`))
      await page.locator('[data-manage-visit="ready"]').waitFor({ timeout: 30_000 })
      await page.getByText(t('fr', 'manage.error.deadlinePassed')).waitFor()
      await expect(
        page.getByRole('button', { name: t('fr', 'manage.cancel') }).count(),
      ).resolves.toBe(0)
      const refused = await cancelByApi(product, EVIAN.host, token, booked?.orderId)
      expect(refused).toMatchObject({ status: 409, body: { type: 'manageDeadlinePassed' } })
      expect(visitor.problems).toEqual([])
    } finally {
      await visitor.context.close()
    }
  }, 180_000)

  it("en: the shop's policy is shown in the booking cart before payment and on the confirmation", async () => {
    const visitor = await newVisitor(browser, product, HOST, DESKTOP)
    const { page } = visitor
    const policy = t('en', 'manage.policy.both', { hours: 24 })
    const refund = t('en', 'manage.policy.gives.refund')
    const line = {
      id: '111@2031-03-04T10:00',
      serviceId: '111',
      shopId: 1,
      prices: 8000,
      artType: null,
      name: 'Massage californien',
      image: null,
      start: '2031-03-04T10:00',
      end: '2031-03-04T11:00',
      employeeId: null,
      employeeName: null,
      shopName: 'Maison Lumière Lyon',
      timeZone: 'Europe/Paris',
      nb: 1,
    }
    try {
      await visitor.context.addInitScript(
        ({ item, confirmation }) => {
          localStorage.setItem('booking-cart', JSON.stringify({ shopId: 1, items: [item] }))
          sessionStorage.setItem('booking-confirmation', JSON.stringify(confirmation))
        },
        {
          item: line,
          confirmation: {
            cartId: 'c1',
            orderId: 'c1',
            ideorder: null,
            shopId: '1',
            location: '',
            confirmed: true,
            lines: [{ ...line, shopId: '1' }],
          },
        },
      )
      await page.goto(product.url(HOST, '/en/panier'))
      const inCart = page.locator('[data-booking-cart] [data-visit-policy]')
      await inCart.waitFor({ timeout: 30_000 })
      await expect(inCart.textContent()).resolves.toContain(policy)
      await expect(inCart.textContent()).resolves.toContain(refund)
      await page.goto(product.url(HOST, '/en/payments/success'))
      const confirmed = page.locator('[data-visit-policy]')
      await confirmed.waitFor({ timeout: 30_000 })
      await expect(confirmed.textContent()).resolves.toContain(policy)
      expect(visitor.problems).toEqual([])
    } finally {
      await visitor.context.close()
    }
  }, 180_000)
})
