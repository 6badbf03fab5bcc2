import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { launchBrowser } from '#support/browser'
import { loopbackOnly, watchPage } from '#support/page-checks'

/** Helpers of the booking journeys (tests/journeys/booking*.test.ts, stripe*.test.ts). */

export { DESKTOP, PHONE } from './viewports'
export const DEMO_PASSWORD = 'demo-password-2026'

/** Signs a customer in through the API, as the login island would (POST /api/users/login). */
export async function signInByApi(
  apiUrl: string,
  host: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const token = await companyTokenOf(apiUrl, host)
  const res = await fetch(`${apiUrl}/api/users/login`, {
    method: 'POST',
    headers: { company: token, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  const body = (await res.json()) as { token?: string }
  if (!body.token) throw new Error(`login of ${email} failed: ${JSON.stringify(body)}`)
  return body.token
}

export async function companyTokenOf(apiUrl: string, host: string): Promise<string> {
  const res = await fetch(`${apiUrl}/api/companies/token/host/${host}`)
  return ((await res.json()) as { token: string }).token
}

/**
 * Writes the session the way src/stores/session.ts keeps it (local storage `auth.customer` and
 * the cookie of the same name, 30 days) before any page script runs.
 */
export async function withCustomerSession(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((value) => {
    if (!localStorage.getItem('auth.customer')) localStorage.setItem('auth.customer', value)
    // biome-ignore lint/suspicious/noDocumentCookie: the session cookie as src/stores/session.ts writes it
    document.cookie = `auth.customer=${value}; path=/; max-age=2592000; samesite=lax`
  }, token)
}

export interface JourneyPage {
  context: BrowserContext
  page: Page
  problems: string[]
  blocked: Set<string>
}

export async function openJourney(
  browser: Browser,
  viewport: { width: number; height: number },
  options: { acceptDownloads?: boolean } = {},
): Promise<JourneyPage> {
  const context = await browser.newContext({
    viewport,
    acceptDownloads: options.acceptDownloads ?? true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  })
  const blocked = new Set<string>()
  await loopbackOnly(context, blocked)
  // the cookie dialog answered: the journeys are about booking
  await context.addInitScript(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the consent cookie, answered before the page runs
    document.cookie = 'preference-set=connection; path=/; max-age=34164000; samesite=lax'
  })
  const page = await context.newPage()
  const { problems } = watchPage(page)
  return { context, page, problems, blocked }
}

export { expectAxeClean } from './axe'

/** The accessible-ish name of the focused element: aria-label, else its text. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return ''
    return (el.getAttribute('aria-label') || el.textContent || '').replace(/\s+/g, ' ').trim()
  })
}

/**
 * Presses Tab (or Shift+Tab) until the focused element's name matches `name`: how a keyboard
 * user reaches a control. Fails after `max` presses.
 */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  options: { max?: number; back?: boolean } = {},
): Promise<void> {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text))
  const seen: string[] = []
  for (let i = 0; i < (options.max ?? 80); i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab')
    const text = await focusedName(page)
    seen.push(text)
    if (matches(text)) return
  }
  throw new Error(`Tab never reached ${name}; focus went through: ${seen.join(' | ')}`)
}

/**
 * The browser of one journey file: launched before its tests, closed after them, and every
 * journey page opened through `open` closed after each test. Call it at the top of the file.
 */
export function journeyBrowser() {
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  afterEach(async () => {
    await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
  })
  return {
    async open(viewport: { width: number; height: number }): Promise<JourneyPage> {
      if (!browser) throw new Error('journeyBrowser: open() runs inside a test')
      const journey = await openJourney(browser, viewport)
      contexts.push(journey.context)
      return journey
    },
  }
}
