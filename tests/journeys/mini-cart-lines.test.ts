import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '#support/browser'
import { expectAxeClean } from './support/axe'
import { journeyProduct } from './support/product'
import { newVisitor } from './support/shop'
import { DESKTOP, PHONE } from './support/site'

// docs/product/2-screens.md mini cart: a long product name wraps on its own line; the quantity and the line's
// price are never broken, and the remove button stays inside the panel.
const product = journeyProduct()
const HOST = 'maison-lumiere.localhost'
const LINES = [
  {
    id: 'long',
    name: 'Coffret découverte soin hydratant intense visage et corps édition limitée',
    price: 123_456,
    quantity: 12,
  },
  { id: 'short', name: 'Baume', price: 990, quantity: 1 },
]
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe.each([
  ['fr', '/'],
  ['en', '/en/'],
])('mini cart lines in %s', (_lang, path) => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('on a %s: names wrap, quantity and price stay whole', async (_s, viewport) => {
    const visitor = await newVisitor(browser, product, HOST, viewport)
    const { page, context } = visitor
    try {
      // the coupon and events dialogs of the home answered: the mini cart is what this looks at
      await page.addInitScript(() => sessionStorage.setItem('events-shown', '1'))
      await context.addCookies([
        { name: 'coupon-dismissed', value: '1', url: product.url(HOST) },
        {
          name: 'eshop-cart',
          value: encodeURIComponent(JSON.stringify(LINES)),
          url: product.url(HOST),
        },
      ])
      await page.goto(product.url(HOST, path))
      await page.locator('.cart-button').first().click()
      const panel = page.locator('.mini-cart__panel')
      await panel.locator('.mini-cart__line').nth(1).waitFor()
      // the lines and the panel in one synchronous read: the header may still settle (an island
      // hydrating late on a busy machine moves the cart button), and two reads apart could take
      // a line from before such a move and the panel from after it
      const { lines, box } = await panel.evaluate((element) => {
        const items = [...element.querySelectorAll('.mini-cart__line')]
        const lines = items.map((item) => {
          const rect = (selector: string) => {
            const part = item.querySelector(selector)
            const r = part?.getBoundingClientRect() ?? new DOMRect()
            const style = part ? getComputedStyle(part) : null
            const lineHeight = style
              ? Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2
              : 0
            return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, lineHeight }
          }
          return {
            name: rect('.mini-cart__name'),
            quantity: rect('.mini-cart__name + span'),
            price: rect('.mini-cart__price'),
            remove: rect('.mini-cart__remove'),
          }
        })
        const r = element.getBoundingClientRect()
        return { lines, box: { left: r.left, right: r.right } }
      })
      for (const line of lines) {
        // one line each: no wrap inside the quantity or the amount
        for (const part of [line.quantity, line.price]) {
          expect(part.bottom - part.top).toBeLessThan(part.lineHeight * 1.5)
        }
        // the quantity and the price on one row, under the name, side by side
        expect(Math.abs(line.quantity.top - line.price.top)).toBeLessThanOrEqual(4)
        expect(line.price.top).toBeGreaterThanOrEqual(line.name.bottom - 1)
        expect(line.quantity.right).toBeLessThanOrEqual(line.price.left)
        // nothing overflows the panel
        for (const part of [line.name, line.quantity, line.price, line.remove]) {
          expect(part.left).toBeGreaterThanOrEqual(box.left)
          expect(part.right).toBeLessThanOrEqual(box.right)
        }
      }
      // the long name does wrap, within its own column
      const [long] = lines
      expect((long?.name.bottom ?? 0) - (long?.name.top ?? 0)).toBeGreaterThan(
        (long?.name.lineHeight ?? 0) * 1.5,
      )
      await expectAxeClean(page, `mini cart ${path}`)
      expect(visitor.problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
