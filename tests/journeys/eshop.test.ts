import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '#support/browser'
import { journeyProduct } from './support/product'
import {
  apiGet,
  customerToken,
  DESKTOP,
  expectAxeClean,
  newVisitor,
  PHONE,
  signInVisitor,
  stockOf,
} from './support/shop'
import { recordPaymentAtShop } from './support/shop-gift'

// Buying products (docs/product/4-states.md#e-shop-cart): from the product page to an e-shop order
// paid at collection (free provider, decision 012: the shop records the payment through the API),
// on a phone in French and on a desktop in English, with the keyboard, axe-clean at each step.
// maison-lumiere sells products at one shop with the free payment provider; the candle (207) is
// tracked, 5 in stock.
const HOST = 'maison-lumiere.localhost'
const PRODUCT_ID = '207'
const SLUG = 'bougie-figue-cedre'
const CUSTOMER = 'camille.martin@example.com'

interface Run {
  name: string
  viewport: { width: number; height: number }
  prefix: '' | '/en'
  quantity: number
  text: {
    lowStock(n: number): string
    refused(max: number): string
    added(n: number): string
    cartButton(n: number): string
    miniCart: string
    quantityValue(n: number): string
    goToCart: string
    cartTitle: string
    login: string
    checkout: string
    paymentTitle: string
    pay: RegExp
    confirmed: RegExp
    /** decision 012: the free provider's order is paid at collection */
    dueAtShop: RegExp
  }
}

const FR: Run['text'] = {
  lowStock: (n) => `Plus que ${n} en stock`,
  refused: (max) => `Stock insuffisant : vous pouvez encore ajouter ${max} articles.`,
  added: (n) => `${n} articles ajoutés au panier.`,
  cartButton: (n) => `Panier, ${n} articles`,
  miniCart: 'Mon panier',
  quantityValue: (n) => `Quantité : ${n}`,
  goToCart: 'Voir le panier',
  cartTitle: 'Articles de la boutique',
  login: 'Se connecter pour commander',
  checkout: 'Passer commande',
  paymentTitle: 'Paiement de votre commande',
  pay: /^Payer 64,00\s€$/,
  confirmed: /^Merci ! Votre commande n° (\S+) est confirmée\.$/,
  dueAtShop: /^Vous réglerez 64,00\s€ en boutique au retrait de votre commande\.$/,
}

const EN: Run['text'] = {
  lowStock: (n) => `Only ${n} left in stock`,
  refused: (max) => `Not enough stock: you can add ${max} more items.`,
  added: (n) => (n === 1 ? '1 item added to your cart.' : `${n} items added to your cart.`),
  cartButton: (n) => (n === 1 ? 'Cart, 1 item' : `Cart, ${n} items`),
  miniCart: 'My cart',
  quantityValue: (n) => `Quantity: ${n}`,
  goToCart: 'View cart',
  cartTitle: 'Shop items',
  login: 'Sign in to order',
  checkout: 'Checkout',
  paymentTitle: 'Pay for your order',
  pay: /^Pay €?32[.,]00\s?€?$/,
  confirmed: /^Thank you! Your order no\. (\S+) is confirmed\.$/,
  dueAtShop: /^You will pay €?32[.,]00\s?€? at the shop when you collect your order\.$/,
}

const RUNS: readonly Run[] = [
  { name: 'phone, French', viewport: PHONE, prefix: '', quantity: 2, text: FR },
  { name: 'desktop, English', viewport: DESKTOP, prefix: '/en', quantity: 1, text: EN },
]

describe('e-shop: buy products', () => {
  const product = journeyProduct()
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  for (const run of RUNS) {
    it(`${run.name}: add from the product page, keep the cart over a reload, pay, stock down, order listed`, async () => {
      const { text, prefix, quantity } = run
      const visitor = await newVisitor(browser, product, HOST, run.viewport)
      const { page } = visitor
      const url = (path: string) => product.url(HOST, `${prefix}${path}`)
      try {
        const before = await stockOf(product, HOST, PRODUCT_ID)
        expect(before).toBeGreaterThan(quantity)

        // the list, then the product by keyboard
        await page.goto(url('/boutique'))
        await expectAxeClean(page, 'boutique list')
        const link = page.locator(`main a[href="${prefix}/boutique/article/${SLUG}"]`).first()
        await link.focus()
        await page.keyboard.press('Enter')
        await page.waitForURL(url(`/boutique/article/${SLUG}`))
        await page.getByText(text.lowStock(before)).waitFor()
        await expectAxeClean(page, 'product page')

        // more than the stock is refused, with a message tied to the field
        const field = page.locator('form.add-to-cart input[name="quantity"]')
        await field.focus()
        await page.keyboard.press('ControlOrMeta+A')
        await page.keyboard.type(String(before + 1))
        await page.keyboard.press('Enter')
        await page
          .locator('form.add-to-cart [role="alert"]', { hasText: text.refused(before) })
          .waitFor()
        await expect(field.getAttribute('aria-invalid')).resolves.toBe('true')
        await expectAxeClean(page, 'quantity refused')

        // a quantity that fits: the header's cart button appears with the count
        await page.keyboard.press('ControlOrMeta+A')
        await page.keyboard.type(String(quantity))
        await page.keyboard.press('Enter')
        await page.getByText(text.added(quantity)).waitFor()
        const cartButton = page.getByRole('button', { name: text.cartButton(quantity) })
        await cartButton.waitFor()

        // the mini cart, by keyboard
        await cartButton.focus()
        await page.keyboard.press('Enter')
        const mini = page.getByRole('region', { name: text.miniCart })
        await mini.waitFor()
        await expect(mini.textContent()).resolves.toContain(text.quantityValue(quantity))
        await expect(mini.locator('img').count()).resolves.toBe(1)
        await expectAxeClean(page, 'mini cart')
        await page.keyboard.press('Escape')
        await mini.waitFor({ state: 'detached' })

        // the cart survives a reload
        await page.reload()
        await page.getByRole('button', { name: text.cartButton(quantity) }).click()
        await page
          .getByRole('region', { name: text.miniCart })
          .getByRole('link', { name: text.goToCart })
          .press('Enter')
        await page.waitForURL(url('/panier'))
        await page.getByRole('heading', { name: text.cartTitle }).waitFor()
        await expectAxeClean(page, 'cart page, signed out')

        // checkout needs a signed-in customer: the login page, back to the cart after
        const login = page.getByRole('button', { name: text.login })
        await login.focus()
        await page.keyboard.press('Enter')
        await page.waitForURL((address) =>
          address.pathname.startsWith(`${prefix}/auth/customer/login`),
        )
        expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${prefix}/panier`)

        const token = await customerToken(product, HOST, CUSTOMER)
        await signInVisitor(visitor, product, HOST, token)
        await page.goto(url('/panier'))
        const checkout = page.getByRole('button', { name: text.checkout })
        if (run.prefix === '') {
          // more than the stock at checkout: the verification names the line, and adjusts it
          const field = page.getByRole('spinbutton', { name: /^Quantité de Bougie/ })
          await field.fill(String(before + 3))
          await checkout.press('Enter')
          await page
            .getByRole('alert')
            .filter({ hasText: `il ne reste que ${before} articles en stock.` })
            .waitFor()
          await expectAxeClean(page, 'stock verification refused')
          await page.getByRole('button', { name: 'Ajuster au stock disponible' }).press('Enter')
          await expect.poll(() => field.inputValue()).toBe(String(before))
          await field.fill(String(quantity))
          await field.press('Tab')
        }
        await checkout.focus()
        await page.keyboard.press('Enter')
        await page.getByRole('heading', { name: text.paymentTitle }).waitFor()
        const pay = page.getByRole('button', { name: run.prefix === '' ? FR.pay : EN.pay })
        await pay.waitFor()
        await expectAxeClean(page, 'payment step')
        await pay.focus()
        await page.keyboard.press('Enter')
        const confirmed = page.getByRole('heading', { name: text.confirmed })
        await confirmed.waitFor()
        const number = (await confirmed.textContent())?.match(text.confirmed)?.[1]
        expect(number).toBeTruthy()
        await page.getByText(text.dueAtShop).waitFor()
        await expectAxeClean(page, 'order confirmed')

        // the cart is emptied: no cookie, no cart button
        const cookies = await visitor.context.cookies(product.url(HOST))
        expect(cookies.find((cookie) => cookie.name === 'eshop-cart')).toBeUndefined()
        await expect(page.locator('.cart-button').count()).resolves.toBe(0)

        // the stock went down, in the API and on the product page
        await expect(stockOf(product, HOST, PRODUCT_ID)).resolves.toBe(before - quantity)
        await page.goto(url(`/boutique/article/${SLUG}`))
        await page.getByText(text.lowStock(before - quantity)).waitFor()

        // the order is the customer's, to pay at collection; paid once the shop records it
        const myOrder = async () =>
          (
            await apiGet<
              {
                id: string
                number: string
                status: string
                total: { amount: number }
                lines: { articleId: string; quantity: number }[]
              }[]
            >(product, HOST, '/api/eshop/my-orders', token)
          ).find((item) => item.number === number)
        const ordered = await myOrder()
        expect(ordered?.status).toBe('pending')
        await recordPaymentAtShop(product, HOST, ordered?.id ?? '', ordered?.total.amount ?? 0)
        const order = await myOrder()
        expect(order?.status).toBe('paid')
        expect(order?.lines).toEqual([expect.objectContaining({ articleId: PRODUCT_ID, quantity })])
        // and in the account's shop orders page
        await page.goto(url('/profile/eshoporders'))
        await page.getByText(String(number)).first().waitFor({ timeout: 15_000 })
        await expectAxeClean(page, 'shop orders page')

        expect(visitor.problems).toEqual([])
      } finally {
        await visitor.context.close()
      }
    })
  }
})
