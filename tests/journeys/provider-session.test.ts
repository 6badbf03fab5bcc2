import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '#support/browser'
import { DESKTOP, ML, openPage } from './support/account'
import { journeyProduct } from './support/product'

/**
 * A restored provider (company-user) session is checked when a page starts
 * (docs/product/7-calls.md Startup: GET /api/cmp-users/me with the bearer;
 * docs/decisions/063-last-partial-rows-of-the-api.md): a token the API refuses is logged out,
 * local storage and cookie alike; a good one stays.
 */
const product = journeyProduct()
let browser: Browser
const contexts: BrowserContext[] = []
let staffToken = ''

/** The demo company user of maison-lumiere signs in through the API. */
async function providerLogin(): Promise<string> {
  const res = await fetch(`${product.apiUrl}/api/companies/token/host/${ML}`)
  const { token: company } = (await res.json()) as { token: string }
  const login = await fetch(`${product.apiUrl}/api/cmpusers/login`, {
    method: 'POST',
    headers: { company, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'claire.dumas@maison-lumiere.example',
      password: 'demo-provider-2026',
    }),
  })
  const body = (await login.json()) as { token?: string }
  if (!body.token) throw new Error(`provider login refused: ${JSON.stringify(body)}`)
  return body.token
}

beforeAll(async () => {
  browser = await launchBrowser()
  staffToken = await providerLogin()
}, 60_000)
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

/** Stores a provider token as the session store does (local storage, session cookie). */
async function storeProvider(page: Page, token: string): Promise<void> {
  await page.evaluate((value) => {
    localStorage.setItem('auth.provider', value)
    // biome-ignore lint/suspicious/noDocumentCookie: writes the cookie exactly as the session store does
    document.cookie = `auth.provider=${encodeURIComponent(value)}; Path=/; SameSite=Lax`
  }, token)
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    storage: localStorage.getItem('auth.provider'),
    cookie: document.cookie.includes('auth.provider='),
  }))

/** Reloads the page and waits for its start-up check of the provider. */
async function reloadChecked(page: Page): Promise<number> {
  const checked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/cmp-users/me',
    { timeout: 20_000 },
  )
  await page.reload()
  const response = await checked
  expect(response.request().headers().authorization).toMatch(/^Bearer /)
  return response.status()
}

describe('provider session at start-up', () => {
  it('logs out a provider token the API refuses', async () => {
    const { page } = await openPage(browser, DESKTOP, contexts)
    await page.goto(product.url(ML, '/'))
    await storeProvider(page, 'Z'.repeat(43))
    expect(await reloadChecked(page)).toBe(401)
    await expect
      .poll(() => stored(page), { timeout: 10_000 })
      .toEqual({
        storage: null,
        cookie: false,
      })
  })

  it('keeps a provider token the API accepts', async () => {
    const { page } = await openPage(browser, DESKTOP, contexts)
    await page.goto(product.url(ML, '/services'))
    await storeProvider(page, staffToken)
    expect(await reloadChecked(page)).toBe(200)
    expect(await stored(page)).toEqual({ storage: staffToken, cookie: true })
  })
})
