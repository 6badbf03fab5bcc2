import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '#support/browser'
import { journeyProduct } from './support/product'
import { DESKTOP, expectAxeClean, newVisitor, PHONE } from './support/shop'

// Both carts in the header and on /panier (docs/product/2-screens.md "Header", "Mini cart"): the booking
// cart (local storage) and the e-shop cart (cookie) share one cart button, one count and one mini
// cart; /panier says 'Votre panier est vide.' only when both are empty. maison-lumiere: one shop
// (id 1), the Californian massage (111, 80.00) and the candle (207, 32.00).
const HOST = 'maison-lumiere.localhost'

const MASSAGE = {
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
const CANDLE = { id: 207, name: 'Bougie Figue et Cèdre', price: 3200, quantity: 2 }

interface Run {
  name: string
  viewport: { width: number; height: number }
  prefix: '' | '/en'
  text: {
    button(n: number): string
    miniCart: string
    empty: string
    remove(name: string): string
    amount(major: number): RegExp
  }
}

const RUNS: readonly Run[] = [
  {
    name: 'phone, French',
    viewport: PHONE,
    prefix: '',
    text: {
      button: (n) => `Panier, ${n} ${n === 1 ? 'article' : 'articles'}`,
      miniCart: 'Mon panier',
      empty: 'Votre panier est vide.',
      remove: (name) => `Retirer ${name} du panier`,
      amount: (major) => new RegExp(`${major},00\\s€`),
    },
  },
  {
    name: 'desktop, English',
    viewport: DESKTOP,
    prefix: '/en',
    text: {
      button: (n) => `Cart, ${n} ${n === 1 ? 'item' : 'items'}`,
      miniCart: 'My cart',
      empty: 'Your cart is empty.',
      remove: (name) => `Remove ${name} from the cart`,
      amount: (major) => new RegExp(`(€\\s?${major}[.,]00|${major}[.,]00\\s?€)`),
    },
  },
]

const storedBookingCart = (page: Page) => page.evaluate(() => localStorage.getItem('booking-cart'))

describe('carts: the header counts both, /panier is empty only when both are', () => {
  const product = journeyProduct()
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  for (const run of RUNS) {
    it(`${run.name}: a booking shows the cart button, the mini cart lists both kinds, /panier says empty only when both are`, async () => {
      const { text, prefix } = run
      const { context, page, problems } = await newVisitor(browser, product, HOST, run.viewport)
      const url = (path: string) => product.url(HOST, `${prefix}${path}`)
      const emptyNotice = page.locator('main').getByText(text.empty)
      try {
        // nothing in either cart: no button, and /panier says so
        await page.goto(url('/panier'), { waitUntil: 'networkidle' })
        await emptyNotice.waitFor()
        await expect(page.locator('.cart-button').count()).resolves.toBe(0)
        await expectAxeClean(page, 'empty cart page')

        // a booking made on the page (what the booking step stores, then announces): the button
        // appears at once, counting it
        await page.goto(url('/'), { waitUntil: 'networkidle' })
        await expect(page.locator('.cart-button').count()).resolves.toBe(0)
        await page.evaluate((line) => {
          localStorage.setItem('booking-cart', JSON.stringify({ shopId: 1, items: [line] }))
          window.dispatchEvent(new CustomEvent('island:need', { detail: 'booking-cart' }))
        }, MASSAGE)
        const button = page.getByRole('button', { name: text.button(1) })
        await button.waitFor()

        // and on the next page, from local storage alone
        await page.reload()
        await button.click()
        const panel = page.getByRole('region', { name: text.miniCart })
        await panel.getByText(MASSAGE.name).waitFor()
        await expect(panel.locator('.mini-cart__total').textContent()).resolves.toMatch(
          text.amount(80),
        )
        await expectAxeClean(page, 'mini cart with a booking')

        // with products in the e-shop cookie too: one count, both kinds listed, one total
        await context.addCookies([
          {
            name: 'eshop-cart',
            value: encodeURIComponent(JSON.stringify([CANDLE])),
            url: product.url(HOST),
          },
        ])
        await page.reload()
        await page.getByRole('button', { name: text.button(3) }).click()
        const lines = panel.locator('.mini-cart__line')
        await lines.first().waitFor()
        await expect(lines.allTextContents()).resolves.toEqual([
          expect.stringContaining(MASSAGE.name),
          expect.stringContaining(CANDLE.name),
        ])
        await expect(lines.nth(1).textContent()).resolves.toMatch(text.amount(64))
        await expect(panel.locator('.mini-cart__total').textContent()).resolves.toMatch(
          text.amount(144),
        )
        await expectAxeClean(page, 'mini cart with both carts')

        // the booking line removed from the mini cart leaves the products, and its storage
        await panel.getByRole('button', { name: text.remove(MASSAGE.name) }).click()
        await page.getByRole('button', { name: text.button(2) }).waitFor()
        await expect(lines.count()).resolves.toBe(1)
        expect(await storedBookingCart(page)).toBeNull()

        // /panier with products only: the e-shop lines, no 'empty' above them
        await page.goto(url('/panier'), { waitUntil: 'networkidle' })
        await page.locator('main').getByText(CANDLE.name).first().waitFor()
        await expect(emptyNotice.isVisible()).resolves.toBe(false)
        await expectAxeClean(page, 'cart page with products')

        // /panier with a booking only: its lines, no 'empty' either
        await context.clearCookies({ name: 'eshop-cart' })
        await page.evaluate((line) => {
          localStorage.setItem('booking-cart', JSON.stringify({ shopId: 1, items: [line] }))
        }, MASSAGE)
        await page.reload({ waitUntil: 'networkidle' })
        await page.locator('[data-booking-cart]').getByText(MASSAGE.name).waitFor()
        await expect(emptyNotice.isVisible()).resolves.toBe(false)
        await page.getByRole('button', { name: text.button(1) }).waitFor()
        expect(problems).toEqual([])
      } finally {
        await context.close()
      }
    })
  }
})
