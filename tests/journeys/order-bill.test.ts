import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMoney } from '#domain/money/format-money'
import { LOCALE_INFO, type Locale, t } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import { journeyProduct } from './support/product'
import { companyTokenOf, customerToken, DESKTOP, newVisitor, signInVisitor } from './support/shop'
import { buyGiftVoucher } from './support/shop-gift'

// docs/product/5-rules.md#order-bills: a shop order's detail as the customer reads it, in French
// and in English: the shop's public name (not the back office's "Boutique 1"), each line with its
// unit price, quantity and total, the total recomputed from the lines and equal to what the server
// charged, and the payment status (the free provider: to pay at the shop, decision 012).

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

const SERVICE = { id: '101', minutes: 60, name: 'Soin éclat Lumière' } // 75,00 € at shop 1

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

type Period = Record<
  string,
  {
    m_tabres: {
      m_workingHours: { start: string; end: string }[]
      m_event: { start: string; end: string }[]
    }[]
  }
>

/**
 * A booking paid through the API (free provider: confirmed, to pay at the shop) on a day six
 * weeks on, at the first time an employee is free: its cart, order and what was charged.
 */
async function bookingByApi(token: string, giftCode?: string, fromDay = 42) {
  const product = journeyProduct()
  const headers = {
    'content-type': 'application/json',
    company: await companyTokenOf(product, HOST),
    authorization: `Bearer ${token}`,
  }
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${product.apiUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const from = day(fromDay)
  const period = (
    await call(
      'GET',
      `/api/appointments?shopId=1&servicesId=${SERVICE.id}&start=${from}&end=${day(fromDay + 6)}`,
    )
  ).body as unknown as Period
  for (const [date, availability] of Object.entries(period)) {
    for (const employee of availability.m_tabres) {
      for (const range of employee.m_workingHours) {
        for (
          let at = toMinutes(range.start);
          at + SERVICE.minutes <= toMinutes(range.end);
          at += 30
        ) {
          const busy = employee.m_event.some(
            (e) => toMinutes(e.start) < at + SERVICE.minutes && at < toMinutes(e.end),
          )
          if (busy) continue
          const slot = {
            shopid: '1',
            serviceid: SERVICE.id,
            start: `${date}T${hhmm(at)}`,
            end: `${date}T${hhmm(at + SERVICE.minutes)}`,
            myAppointment: giftCode ? { giftCode } : {},
          }
          if ((await call('POST', '/api/appointments', slot)).status !== 200) continue
          const init = await call('POST', '/api/payment/initialize', {
            purpose: 'booking',
            shopId: '1',
            appointments: [slot],
          })
          const { cartId, result, prices } = init.body as {
            cartId: string
            result: { token: string }
            prices: { total: { amount: number } }
          }
          const paid = await call('POST', '/api/payment/pay', {
            cartId,
            paymentToken: result.token,
          })
          const orderId = String(paid.body.orderId ?? '')
          return { cartId, orderId, slot, charged: prices.total.amount }
        }
      }
    }
  }
  throw new Error('no free slot to book')
}

describe('a booking’s bill on the confirmation page', () => {
  const product = journeyProduct()
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('en: the booking just confirmed, its total = charged, to pay at the shop', async () => {
    const token = await customerToken(product, HOST, 'camille.martin@example.com')
    const booked = await bookingByApi(token)
    const visitor = await newVisitor(browser, product, HOST, DESKTOP)
    const { page } = visitor
    const price = (minor: number) => formatMoney(minor, 'en-GB', MONEY)
    try {
      await signInVisitor(visitor, product, HOST, token)
      // what the payment step keeps for the confirmation page (src/islands/booking/confirmation.ts)
      await visitor.context.addInitScript(
        (data) => {
          sessionStorage.setItem('booking-confirmation', JSON.stringify(data))
        },
        {
          cartId: booked.cartId,
          orderId: booked.orderId,
          ideorder: null,
          shopId: '1',
          location: '',
          confirmed: true,
          lines: [
            {
              shopId: '1',
              serviceId: SERVICE.id,
              start: booked.slot.start,
              end: booked.slot.end,
              timeZone: 'Europe/Paris',
              shopName: SHOP_NAME,
              name: SERVICE.name,
            },
          ],
        },
      )
      await page.goto(product.url(HOST, '/en/payments/success'))
      const bill = page.locator('[data-confirmation-bill]')
      await bill.waitFor()
      await expect(bill.textContent()).resolves.toContain(SHOP_NAME)
      const total = bill.locator('[data-bill-total]')
      await expect(total.getAttribute('data-amount')).resolves.toBe(String(booked.charged))
      await expect(total.textContent()).resolves.toBe(price(booked.charged))
      await expect(
        bill
          .locator(`[data-bill-line="${SERVICE.id}"] [data-bill-unit-price]`)
          .getAttribute('data-amount'),
      ).resolves.toBe(String(booked.charged))
      await expect(bill.locator('[data-bill-payment]').getAttribute('data-state')).resolves.toBe(
        'dueAtShop',
      )
      expect(visitor.problems).toEqual([])
    } finally {
      await visitor.context.close()
    }
  })
})

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

  it('en: the vouchers bought are listed masked, with amount and recipient, and can be resent', async () => {
    const voucher = await buyGiftVoucher(product, HOST, {
      customerEmail: 'camille.martin@example.com',
      amount: 4_200,
    })
    const token = await customerToken(product, HOST, 'camille.martin@example.com')
    const visitor = await newVisitor(browser, product, HOST, DESKTOP)
    const { page } = visitor
    try {
      await signInVisitor(visitor, product, HOST, token)
      await page.goto(product.url(HOST, '/en/profile/orders'))
      const masked = `••••-${voucher.code.slice(-4)}`
      const item = page.locator('[data-gift-voucher]').filter({ hasText: masked })
      await item.waitFor()
      // the code itself is never on the page
      await expect(page.getByText(voucher.code).count()).resolves.toBe(0)
      await expect(item.locator('[data-gift-amount]').textContent()).resolves.toBe(
        formatMoney(4_200, 'en-GB', MONEY),
      )
      await expect(item.textContent()).resolves.toContain(voucher.email)
      // unused: no balance shown
      await expect(item.locator('[data-gift-balance]').count()).resolves.toBe(0)
      const logFrom = product.output().length
      await item.getByRole('button', { name: t('en', 'orderDetail.resend') }).click()
      await item
        .getByRole('status')
        .filter({ hasText: t('en', 'orderDetail.resent', { email: voucher.email }) })
        .waitFor()
      await product.waitForOutput(
        new RegExp(`notify email to ${voucher.email.replace(/[.]/g, '\\.')}:`),
        10_000,
        logFrom,
      )
      expect(visitor.problems).toEqual([])
    } finally {
      await visitor.context.close()
    }
  })

  it('en: a voucher partly used shows its balance; the booking it paid shows it masked', async () => {
    const voucher = await buyGiftVoucher(product, HOST, {
      customerEmail: 'camille.martin@example.com',
      amount: 10_000,
    })
    const token = await customerToken(product, HOST, 'camille.martin@example.com')
    // 75,00 € paid by the 100,00 € voucher: nothing to pay, 25,00 € left on it
    const booked = await bookingByApi(token, voucher.code, 49)
    expect(booked.charged).toBe(0)
    const visitor = await newVisitor(browser, product, HOST, DESKTOP)
    const { page } = visitor
    const price = (minor: number) => formatMoney(minor, 'en-GB', MONEY)
    const masked = `••••-${voucher.code.slice(-4)}`
    try {
      await signInVisitor(visitor, product, HOST, token)
      await page.goto(product.url(HOST, '/en/profile/orders'))
      const item = page.locator('[data-gift-voucher]').filter({ hasText: masked })
      await item.waitFor()
      await expect(item.locator('[data-gift-balance]').textContent()).resolves.toBe(price(2_500))

      await page.goto(product.url(HOST, `/en/profile/orders?id=${booked.orderId}`))
      const bill = page.locator('[data-order-bill]')
      await bill.waitFor()
      const line = bill.locator('[data-bill-voucher]')
      await expect(line.getAttribute('data-amount')).resolves.toBe('7500')
      await expect(line.locator('xpath=..').textContent()).resolves.toContain(masked)
      await expect(bill.locator('[data-bill-total]').textContent()).resolves.toBe(price(0))
      await expect(bill.locator('[data-bill-payment]').getAttribute('data-state')).resolves.toBe(
        'paid',
      )
      await expect(page.getByText(voucher.code).count()).resolves.toBe(0)
      expect(visitor.problems).toEqual([])
    } finally {
      await visitor.context.close()
    }
  })
})
