import type { Page } from 'playwright-core'
import type { JourneyProduct } from './product'
import { apiGet, companyTokenOf, customerToken } from './shop'

/**
 * Gift vouchers for the journeys (issue 6 §3): buy one and get its code, in the browser (the
 * /gift form) or straight through the API, e.g. to pay a booking with it afterwards.
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
 * The code e-mailed to `email`, read from the product's log (the notifier logs e-mail bodies
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

/**
 * Buys a voucher through the API as the demo customer of `host` (free provider: initialize, then
 * pay with the token) and reads its code back from the customer's vouchers. Default: 50,00, the
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
  const paid = await post<{ status: string; orderId?: string }>('/api/payment/pay', {
    cartId: opened.cartId,
    paymentToken: opened.result.token,
  })
  if (paid.status !== 'succeeded') throw new Error(`gift payment ${paid.status}`)
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
