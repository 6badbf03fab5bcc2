import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '#support/browser'
import { expectAxeClean } from './support/axe'
import { journeyProduct } from './support/product'
import { newVisitor } from './support/shop'
import { DESKTOP, PHONE } from './support/site'

// /payments/success (docs/product/2-screens.md): the booked appointments this tab just paid are drawn once the
// page is hydrated, without moving anything already on screen (no layout shift).
const product = journeyProduct()
const HOST = 'bains-du-lac.localhost'
const CONFIRMATION = {
  cartId: 'cart-shift',
  orderId: null,
  ideorder: 'R-1042',
  shopId: '1',
  location: 'Les Bains du Lac Annecy',
  confirmed: true,
  lines: ['10:00', '11:30', '14:00'].map((time, index) => ({
    serviceId: String(100 + index),
    name: `Massage ${index + 1}`,
    start: `2030-03-0${index + 4}T${time}`,
    end: `2030-03-0${index + 4}T${time.replace(/^1/, '2')}`,
    employeeId: null,
    employeeName: 'Camille',
    shopName: 'Les Bains du Lac Annecy',
    timeZone: 'Europe/Paris',
  })),
}
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe.each([
  ['fr', '/payments/success', 'R-1042', 'mardi 5 mars'],
  ['en', '/en/payments/success', 'R-1042', 'Tuesday 5 March'],
])('booking confirmation in %s', (_lang, path, order, day) => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('on a %s: the list appears, nothing moves', async (_s, viewport) => {
    const visitor = await newVisitor(browser, product, HOST, viewport)
    const { page, context } = visitor
    try {
      await context.addCookies([{ name: 'coupon-dismissed', value: '1', url: product.url(HOST) }])
      await page.addInitScript((data) => {
        sessionStorage.setItem('booking-confirmation', data)
        sessionStorage.setItem('events-shown', '1')
        const shifts: number[] = []
        const moved: string[] = []
        Object.assign(window, { layoutShifts: shifts, layoutMoved: moved })
        type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] }
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            shifts.push(entry.value)
            for (const source of entry.sources) {
              const node = source.node
              moved.push(
                node instanceof Element ? node.outerHTML.slice(0, 160) : String(node?.nodeName),
              )
            }
          }
        }).observe({ type: 'layout-shift', buffered: true })
      }, JSON.stringify(CONFIRMATION))
      await page.goto(product.url(HOST, path))
      const list = page.locator('.booking-confirmation li')
      await expect.poll(() => list.count(), { timeout: 15_000 }).toBe(3)
      await expect(page.locator('.booking-confirmation').textContent()).resolves.toContain(order)
      await expect(list.nth(1).textContent()).resolves.toContain(day)
      // the shop's policy is drawn in the same render as the list, so it moves nothing either
      await expect(page.locator('[data-visit-policy]').count()).resolves.toBe(1)
      await page.waitForTimeout(500)
      const shifts = await page.evaluate(
        () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
      )
      const moved = await page.evaluate(
        () => (window as unknown as { layoutMoved: string[] }).layoutMoved,
      )
      // the message names what moved, so a failure says where to look
      expect(
        shifts.reduce((sum, value) => sum + value, 0),
        moved.join('\n'),
      ).toBeLessThan(0.01)
      await expectAxeClean(page, `confirmation ${path}`)
      expect(visitor.problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
