import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { BookingOrder } from '#contract/booking-order'
import { loopbackOnly, watchPage } from '#support/page-checks'
import type { JourneyProduct } from './product'

/**
 * Shared steps of the e-shop and gift journeys (docs/product/4-states.md#e-shop-cart,
 * docs/product/5-rules.md#gifts): a browser context per visitor (cookie dialog already answered,
 * loopback only), the customer's sign-in through the API written as src/stores/session.ts stores
 * it, and axe on each step.
 */

export { DESKTOP, PHONE } from './viewports'
export const DEMO_PASSWORD = 'demo-password-2026'

export interface Visitor {
  context: BrowserContext
  page: Page
  /** script errors and failed loopback loads seen so far */
  problems: string[]
}

/**
 * A new visitor on `host` who already answered the cookie dialog (it would cover the page), or,
 * with `firstVisit`, one with nothing pre-set whose phone takes taps.
 */
export async function newVisitor(
  browser: Browser,
  product: JourneyProduct,
  host: string,
  viewport: { width: number; height: number },
  options: { firstVisit?: boolean } = {},
): Promise<Visitor> {
  const isMobile = viewport.width < 600
  const context = await browser.newContext({
    viewport,
    isMobile,
    ...(options.firstVisit ? { hasTouch: isMobile } : {}),
  })
  await loopbackOnly(context, new Set())
  if (!options.firstVisit) {
    await context.addCookies([
      { name: 'preference-set', value: 'connection', url: product.url(host) },
    ])
  }
  const page = await context.newPage()
  const { problems } = watchPage(page)
  return { context, page, problems }
}

/** The company token of a demo host, as the islands send it. */
export async function companyTokenOf(product: JourneyProduct, host: string): Promise<string> {
  const res = await fetch(`${product.apiUrl}/api/companies/token/host/${host}`)
  return ((await res.json()) as { token: string }).token
}

/** Signs a demo customer in through the API; answers the bearer token. */
export async function customerToken(
  product: JourneyProduct,
  host: string,
  email: string,
): Promise<string> {
  const res = await fetch(`${product.apiUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', company: await companyTokenOf(product, host) },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  const body = (await res.json()) as { token?: string }
  if (!body.token) throw new Error(`login of ${email} failed: ${JSON.stringify(body)}`)
  return body.token
}

/** Writes the session as src/stores/session.ts keeps it: local storage and a 30-day cookie. */
export async function signInVisitor(
  visitor: Visitor,
  product: JourneyProduct,
  host: string,
  token: string,
): Promise<void> {
  await visitor.context.addCookies([
    {
      name: 'auth.customer',
      value: encodeURIComponent(token),
      url: product.url(host),
      expires: Math.floor(Date.now() / 1000) + 2_592_000,
    },
  ])
  await visitor.context.addInitScript((value) => {
    localStorage.setItem('auth.customer', value)
  }, token)
}

/** A call of the API as the site makes it (company header, optional bearer). */
export async function apiGet<T>(
  product: JourneyProduct,
  host: string,
  path: string,
  bearer?: string,
): Promise<T> {
  const headers: Record<string, string> = { company: await companyTokenOf(product, host) }
  if (bearer) headers.authorization = `Bearer ${bearer}`
  const res = await fetch(`${product.apiUrl}${path}`, { headers })
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/**
 * A booking order of the signed-in customer, read from their history (GET /api/users/me, then
 * /api/customers/history by the account's artebeaute id); throws when it is not there.
 */
export async function customerBookingOrder(
  product: JourneyProduct,
  host: string,
  token: string,
  orderId: string,
): Promise<BookingOrder> {
  const me = await apiGet<{ id: string; links: { artebeauteId?: string }[] }>(
    product,
    host,
    '/api/users/me',
    token,
  )
  const history = await apiGet<BookingOrder[]>(
    product,
    host,
    `/api/customers/history?artebeauteId=${me.links[0]?.artebeauteId ?? me.id}`,
    token,
  )
  const order = history.find((o) => o.id === orderId)
  if (!order) throw new Error(`no order ${orderId} in the customer's history`)
  return order
}

/** Units of a product the stock API reports (summed over the company's shops). */
export async function stockOf(product: JourneyProduct, host: string, id: string): Promise<number> {
  return (await apiGet<{ stock: number }>(product, host, `/api/eshop/stock/${id}/1`)).stock
}

export { expectAxeClean } from './axe'

/** Tabs (at most `limit` times) until the focused element matches `selector`. */
export async function tabTo(page: Page, selector: string, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    const there = await page.evaluate(
      (css) => document.activeElement?.matches(css) ?? false,
      selector,
    )
    if (there) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`${selector} never took the focus with Tab`)
}
