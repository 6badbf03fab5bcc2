import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { resolveConfig } from '#api/config'
import { createApi } from '#api/index'
import { type Locale, t } from '#i18n/index'
import { loopbackOnly, watchPage } from '#support/page-checks'
import type { JourneyProduct } from './product'

/**
 * Helpers of the account journeys (docs/product/4-states.md#registration): identities, codes from
 * the log, menus, axe.
 */

export const ML = 'maison-lumiere.localhost'
export { DESKTOP, PHONE } from './viewports'
export const DEMO_PASSWORD = 'demo-password-2026'
export const CAMILLE = { email: 'camille.martin@example.com', phone: '+33612345678' }

let counter = 0

/** An e-mail and a French mobile number nobody has used in this run. */
export function freshIdentity(tag: string): { email: string; phone: string; password: string } {
  counter += 1
  const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0')
  const digits = `${stamp}${counter % 100}`.padStart(8, '0').slice(-8)
  return {
    email: `${tag}.${stamp}.${counter}@example.com`,
    phone: `+337${digits}`,
    password: `pass-${stamp}-${counter}`,
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * `npm start` runs the API in development mode: its notifier prints the messages it does not
 * send, after a line of its own saying so (decision 018). Outside development nothing is printed.
 */
const DEVELOPMENT_NOTIFIER = /notify: development notifier \(NODE_ENV=development\)/

/** The 6-digit code the development notifier printed for `to` (an e-mail or an E.164 phone) after `from`. */
export async function codeFor(
  product: JourneyProduct,
  channel: 'email' | 'sms',
  to: string,
  from: number,
): Promise<string> {
  const pattern = new RegExp(`notify ${channel} to ${escapeRegExp(to)}: [^\\n]*?\\b(\\d{6})\\b`)
  const match = await product.waitForOutput(pattern, 15_000, from)
  expect(product.output()).toMatch(DEVELOPMENT_NOTIFIER)
  return match[1] ?? ''
}

/** The token of the password-reset link mailed to `email` after `from`. */
export async function resetTokenFor(
  product: JourneyProduct,
  email: string,
  from: number,
): Promise<{ token: string; path: string }> {
  const pattern = new RegExp(
    `notify email to ${escapeRegExp(email)}: [\\s\\S]*?https?://[^/\\s]+((?:/[a-z]{2})?/profile/password-reset/([^\\s/]+))`,
  )
  const match = await product.waitForOutput(pattern, 15_000, from)
  expect(product.output()).toMatch(DEVELOPMENT_NOTIFIER)
  return { path: match[1] ?? '', token: match[2] ?? '' }
}

/**
 * A fresh customer registered through the API (the code read from the log: `npm start` has no SMS
 * provider, so the demo companies ask for the e-mail code alone, decision 057); its session token.
 */
export async function registerByApi(
  product: JourneyProduct,
  host: string,
  identity: { email: string; phone: string; password: string },
): Promise<string> {
  const res = await fetch(`${product.apiUrl}/api/companies/token/host/${host}`)
  const { token: companyToken } = (await res.json()) as { token: string }
  const api = createApi({
    config: resolveConfig({ PUBLIC_API_URL: product.apiUrl, API_SERVER_URL: product.apiUrl }),
    side: 'server',
    companyToken,
    curlang: 'fr',
    customerToken: null,
    providerToken: null,
  })
  const body = { email: identity.email, phone: identity.phone, password: identity.password }
  const from = product.output().length
  const step1 = await api.users.registerStep1({ body })
  const step2 = await api.users.registerStep2({ body })
  expect(step2).toMatchObject({ requireSMSCode: false, requireEmailCode: true })
  const code = await codeFor(product, 'email', identity.email, from)
  const session = await api.users.verifyCode({ body: { userID: step1.user.id, code } })
  return session.token
}

/** The session token of an existing customer, signed in through the API. */
export async function loginByApi(
  product: JourneyProduct,
  host: string,
  identity: { email: string; password: string },
): Promise<string> {
  const res = await fetch(`${product.apiUrl}/api/companies/token/host/${host}`)
  const { token: companyToken } = (await res.json()) as { token: string }
  const api = createApi({
    config: resolveConfig({ PUBLIC_API_URL: product.apiUrl, API_SERVER_URL: product.apiUrl }),
    side: 'server',
    companyToken,
    curlang: 'fr',
  })
  const answer = await api.users.login({ body: identity })
  if (!('token' in answer) || typeof answer.token !== 'string') {
    throw new Error(`login of ${identity.email} refused: ${JSON.stringify(answer)}`)
  }
  return answer.token
}

export interface OpenedPage {
  page: Page
  problems: string[]
}

export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  contexts: BrowserContext[],
): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport })
  contexts.push(context)
  await loopbackOnly(context, new Set())
  const page = await context.newPage()
  return { page, ...watchPage(page) }
}

/** Stores a customer token the way the session store does (local storage and cookie). */
export async function storeToken(page: Page, token: string): Promise<void> {
  await page.evaluate((value) => {
    localStorage.setItem('auth.customer', value)
    // biome-ignore lint/suspicious/noDocumentCookie: writes the cookie exactly as the session store does
    document.cookie = `auth.customer=${encodeURIComponent(value)}; Path=/; Max-Age=2592000; SameSite=Lax`
  }, token)
}

export { expectAxeClean } from './axe'

export type MenuEntry =
  | 'login'
  | 'register'
  | 'account'
  | 'orders'
  | 'eshoporders'
  | 'loyalty'
  | 'logout'

/** The account entries visible in the header menu (desktop) or the drawer (phone). */
export async function visibleEntries(page: Page, where: 'menu' | 'drawer'): Promise<MenuEntry[]> {
  const root = page.locator(`[data-account-menu="${where}"]`)
  const items = root.locator('[data-entry]')
  const entries: MenuEntry[] = []
  for (const item of await items.all()) {
    if (!(await item.evaluate((el) => (el as HTMLElement).hidden))) {
      entries.push((await item.getAttribute('data-entry')) as MenuEntry)
    }
  }
  return entries
}

export const SIGNED_OUT: MenuEntry[] = ['login', 'register']

/** Waits until the menu shows exactly `expected` (the auto-login may still be running). */
export async function expectEntries(page: Page, where: 'menu' | 'drawer', expected: MenuEntry[]) {
  const until = Date.now() + 10_000
  let seen: MenuEntry[] = []
  while (Date.now() < until) {
    seen = await visibleEntries(page, where)
    if (JSON.stringify([...seen].sort()) === JSON.stringify([...expected].sort())) return
    await page.waitForTimeout(100)
  }
  expect([...seen].sort(), `${where} entries`).toEqual([...expected].sort())
}

/** Opens the header account menu (desktop) and follows one of its entries by its label. */
export async function followMenu(page: Page, locale: Locale, label: string): Promise<void> {
  const header = page.locator('header')
  await header.getByLabel(t(locale, 'a11y.accountMenu')).click()
  const panel = header.locator('[data-account-menu="menu"] .dropdown__panel')
  await panel
    .getByRole(label === t(locale, 'nav.logout') ? 'button' : 'link', { name: label, exact: true })
    .click()
}

/** Opens the drawer (phone) and follows one of its account entries. */
export async function followDrawer(page: Page, locale: Locale, label: string): Promise<void> {
  await page.getByRole('button', { name: t(locale, 'a11y.menuOpen') }).click()
  const drawer = page.locator('dialog#drawer')
  await drawer.waitFor({ state: 'visible' })
  await drawer
    .locator('[data-account-menu="drawer"]')
    .getByRole(label === t(locale, 'nav.logout') ? 'button' : 'link', { name: label, exact: true })
    .click()
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('auth.customer'))
}

export function path(page: Page): string {
  const url = new URL(page.url())
  return url.pathname.replace(/\/$/, '') || '/'
}
