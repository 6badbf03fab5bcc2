import type { Locator, Page } from 'playwright-core'
import type { JourneyProduct } from './product'
import { apiGet, companyTokenOf, customerToken } from './shop'

/**
 * Gift vouchers for the journeys (docs/product/5-rules.md#gifts): buy one and get its code, in the
 * browser (the /gift form) or straight through the API, e.g. to pay a booking with it afterwards.
 */

export interface GiftVoucher {
  code: string
  /** minor units */
  amount: number
  email: string
}

/** Gift codes as e-mailed: 12 symbols shown by four (server/services/gifts/code.ts). */
const CODE = /[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The code e-mailed to `email`, read from the product's log (`npm start`'s development notifier prints e-mails
 * when no SMTP is set) after `from` characters of it.
 */
export async function voucherCodeFromLog(
  product: JourneyProduct,
  email: string,
  from = 0,
  timeoutMs = 10_000,
): Promise<string> {
  const pattern = new RegExp(`notify email to ${escapeRegExp(email)}:[\\s\\S]*?(${CODE.source})`)
  const match = await product.waitForOutput(pattern, timeoutMs, from)
  return (match[1] ?? '').replaceAll('-', '')
}

/** The demo company user of each demo tenant (tenants/<host>/users.json, kind provider). */
const STAFF: Readonly<Record<string, string>> = {
  'maison-lumiere.localhost': 'claire.dumas@maison-lumiere.example',
  'bains-du-lac.localhost': 'sophie.girard@bains-du-lac.example',
}

/** Signs the demo company user of `host` in (POST /api/cmpusers/login): its bearer token. */
export async function staffToken(product: JourneyProduct, host: string): Promise<string> {
  const res = await fetch(`${product.apiUrl}/api/cmpusers/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', company: await companyTokenOf(product, host) },
    body: JSON.stringify({ email: STAFF[host], password: 'demo-provider-2026' }),
  })
  const body = (await res.json()) as { token?: string }
  if (!body.token) throw new Error(`staff login at ${host} failed: ${JSON.stringify(body)}`)
  return body.token
}

/**
 * The shop records that the amount due for an order confirmed with the free provider was paid
 * at the counter (POST /api/payment/at-shop, decision 012): the voucher is then issued (its
 * code e-mailed), the e-shop order paid, the booking order's paid amount complete.
 */
export async function recordPaymentAtShop(
  product: JourneyProduct,
  host: string,
  orderId: string,
  amount: number,
): Promise<void> {
  const res = await fetch(`${product.apiUrl}/api/payment/at-shop`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      company: await companyTokenOf(product, host),
      authorization: `Bearer ${await staffToken(product, host)}`,
    },
    body: JSON.stringify({ orderId, amount }),
  })
  if (!res.ok) throw new Error(`POST /api/payment/at-shop: ${res.status} ${await res.text()}`)
}

export interface PayAnswer {
  status: string
  orderId?: string
  /** decision 012: confirmed, this amount to be paid at the shop */
  amountDue?: { amount: number }
}

/** Presses `pay` (a payment step's button) and answers what POST /api/payment/pay answered. */
export async function pressPay(
  page: Page,
  pay: Locator,
  how: 'click' | 'Enter',
): Promise<PayAnswer> {
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname.endsWith('/api/payment/pay'),
  )
  if (how === 'click') await pay.click()
  else {
    await pay.focus()
    await page.keyboard.press('Enter')
  }
  return (await (await answer).json()) as PayAnswer
}

/**
 * Buys a voucher through the API as the demo customer of `host` (free provider: initialize, pay
 * with the token, the shop records the payment) and reads its code back from the customer's vouchers. Default: 50,00, the
 * company's first theme, its first shop.
 */
export async function buyGiftVoucher(
  product: JourneyProduct,
  host: string,
  options: {
    customerEmail: string
    amount?: number
    recipientEmail?: string
    themeId?: string
    shopId?: string
  },
): Promise<GiftVoucher> {
  const amount = options.amount ?? 5_000
  const email = options.recipientEmail ?? `voucher-${Date.now()}@example.com`
  const bearer = await customerToken(product, host, options.customerEmail)
  const company = await companyTokenOf(product, host)
  const me = await apiGet<{ booker: { gifts: { themes: { id: string }[] } } }>(
    product,
    host,
    '/api/companies/me',
  )
  const themeId = options.themeId ?? String(me.booker.gifts.themes[0]?.id)
  const shops = await apiGet<{ id: string }[]>(product, host, '/api/shops')
  const shopId = options.shopId ?? String(shops[0]?.id)
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${product.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        company,
        authorization: `Bearer ${bearer}`,
      },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const opened = await post<{ cartId: string; result: { token: string } }>(
    '/api/payment/initialize',
    { purpose: 'gift', shopId, gift: { themeId, amount, to: 'Journey', email } },
  )
  const paid = await post<PayAnswer>('/api/payment/pay', {
    cartId: opened.cartId,
    paymentToken: opened.result.token,
  })
  if (paid.status !== 'succeeded') throw new Error(`gift payment ${paid.status}`)
  // free provider (decision 012): paid at the shop, which records it; then the voucher is issued
  if (paid.amountDue && paid.orderId) {
    await recordPaymentAtShop(product, host, paid.orderId, paid.amountDue.amount)
  }
  const vouchers = await apiGet<{ id: string; code: string }[]>(product, host, '/api/gifts', bearer)
  const voucher = vouchers.find((gift) => String(gift.id) === String(paid.orderId))
  if (!voucher) throw new Error(`voucher ${paid.orderId} not among the customer's`)
  return { code: voucher.code, amount, email }
}

/**
 * Fills the /gift form on `page` (already on the page, hydrated) with the keyboard-reachable
 * controls: theme and amount radios by their labels, recipient, e-mail, message; then continues
 * to the payment. Labels are those of the page's language.
 */
export async function fillGiftForm(
  page: Page,
  form: {
    theme: string
    amountLabel: string | RegExp
    customAmount?: string
    customAmountField?: string
    shop?: { label: string; name: string }
    nameLabel: RegExp
    name: string
    emailLabel: RegExp
    email: string
    messageLabel: string
    message: string
    continueLabel: string
  },
): Promise<void> {
  await page.getByRole('radio', { name: form.theme }).press('Space')
  await page.getByRole('radio', { name: form.amountLabel, exact: true }).press('Space')
  if (form.customAmount !== undefined && form.customAmountField) {
    await page.getByRole('textbox', { name: form.customAmountField }).fill(form.customAmount)
  }
  if (form.shop) await page.getByLabel(form.shop.label).selectOption({ label: form.shop.name })
  await page.getByRole('textbox', { name: form.nameLabel }).fill(form.name)
  await page.getByRole('textbox', { name: form.emailLabel }).fill(form.email)
  await page.getByRole('textbox', { name: form.messageLabel }).fill(form.message)
  await page.getByRole('button', { name: form.continueLabel }).press('Enter')
}
