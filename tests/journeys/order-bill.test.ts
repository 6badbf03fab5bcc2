import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMoney } from '../../src/domain/money/format-money'
import { LOCALE_INFO, type Locale, t } from '../../src/i18n'
import { launchBrowser } from '../support/browser'
import { journeyProduct } from './support/product'
import { companyTokenOf, customerToken, DESKTOP, newVisitor, signInVisitor } from './support/shop'

// Issue 13 §5: a shop order's detail as the customer reads it, in French and in English: the
// shop's public name (not the back office's "Boutique 1"), each line with its unit price,
// quantity and total, the total recomputed from the lines and equal to what the server charged,
// and the payment status (the free provider: to pay at the shop, decision 012).

const HOST = 'maison-lumiere.localhost'
const SHOP_NAME = 'Maison Lumière Lyon' // tenants/maison-lumiere.localhost shops.json publicInfo
const MONEY = { mCurrency: { symbol: '€', code: 'EUR' }, mCurrencyFormat: '#!' }
const LINES = [
  { articleId: '201', quantity: 2 },
  { articleId: '203', quantity: 1 },
]

/** An e-shop order bought through the API (free provider): its id and the amount charged. */
async function orderByApi(token: string): Promise<{ orderId: string; charged: number }> {
  const product = journeyProduct()
  const headers = {
    'content-type': 'application/json',
    company: await companyTokenOf(product, HOST),
    authorization: `Bearer ${token}`,
  }
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${product.apiUrl}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`)
    return (await res.json()) as Record<string, unknown>
  }
  const init = (await post('/api/payment/initialize', {
    purpose: 'eshop',
    shopId: '1',
    lines: LINES,
  })) as { cartId: string; result: { token: string }; prices: { total: { amount: number } } }
  const paid = (await post('/api/payment/pay', {
    cartId: init.cartId,
    paymentToken: init.result.token,
  })) as { status: string; orderId?: string }
  if (paid.status !== 'succeeded' || !paid.orderId) throw new Error(JSON.stringify(paid))
  return { orderId: paid.orderId, charged: init.prices.total.amount }
}

describe('an order’s bill on the account page', () => {
  const product = journeyProduct()
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it.each(['fr', 'en'] as const)(
    '%s: shop name, lines, total = charged, payment status',
    async (locale: Locale) => {
      const token = await customerToken(product, HOST, 'camille.martin@example.com')
      const { orderId, charged } = await orderByApi(token)
      const visitor = await newVisitor(browser, product, HOST, DESKTOP)
      const { page } = visitor
      const price = (minor: number) => formatMoney(minor, LOCALE_INFO[locale].iso, MONEY)
      try {
        await signInVisitor(visitor, product, HOST, token)
        const prefix = locale === 'fr' ? '' : `/${locale}`
        await page.goto(product.url(HOST, `${prefix}/profile/eshoporders?id=${orderId}`))
        const bill = page.locator('[data-order-bill]')
        await bill.waitFor()

        // the shop's public name in the facts
        const facts = page.locator('dl.facts')
        await expect(facts.textContent()).resolves.toContain(SHOP_NAME)
        await expect(facts.textContent()).resolves.not.toMatch(/Boutique \d/)

        // each line: unit price × quantity = line total, as written on screen
        const lines = bill.locator('[data-bill-line]')
        await expect(lines.count()).resolves.toBe(LINES.length)
        let sum = 0
        for (const [i, wanted] of LINES.entries()) {
          const line = lines.nth(i)
          const unit = Number(
            await line.locator('[data-bill-unit-price]').getAttribute('data-amount'),
          )
          const total = Number(
            await line.locator('[data-bill-line-total]').getAttribute('data-amount'),
          )
          expect(total).toBe(unit * wanted.quantity)
          await expect(line.locator('[data-bill-line-total]').textContent()).resolves.toBe(
            price(total),
          )
          sum += total
        }
        await expect(
          bill.locator('[data-bill-subtotal]').getAttribute('data-amount'),
        ).resolves.toBe(String(sum))
        // the total shown is what the server charged, to the cent
        const total = bill.locator('[data-bill-total]')
        await expect(total.getAttribute('data-amount')).resolves.toBe(String(charged))
        await expect(total.textContent()).resolves.toBe(price(charged))
        const payment = bill.locator('[data-bill-payment]')
        await expect(payment.getAttribute('data-state')).resolves.toBe('dueAtShop')
        await expect(payment.textContent()).resolves.toBe(
          t(locale, 'orderDetail.paymentStatus.dueAtShop'),
        )
        expect(visitor.problems).toEqual([])
      } finally {
        await visitor.context.close()
      }
    },
  )
})
