import type { Locator, Page } from 'playwright-core'
import type { Locale } from '#i18n/locales'
import { tStudio } from '#i18n/studio-messages'
import type { JourneyProduct } from './product'
import { companyTokenOf } from './shop'

/** A front-desk tablet, the studio's first screen (docs/decisions/071-studio-app.md). */
export const TABLET = { width: 1024, height: 768 }

/** The demo company users' password (README, "The studio"). */
export const STAFF_PASSWORD = 'demo-provider-2026'

/** The studio's address in a language (French is the root), with an optional `?query`. */
export const studioPath = (locale: Locale, query = '') =>
  `/studio/${locale === 'fr' ? '' : `${locale}/`}${query}`

/** Fills the studio's sign-in form and sends it; what to wait for next is the caller's. */
export async function signInToStudio(
  page: Page,
  locale: Locale,
  email: string,
  password = STAFF_PASSWORD,
): Promise<void> {
  await page.getByLabel(tStudio(locale, 'studio.signIn.email')).fill(email)
  await page.getByLabel(tStudio(locale, 'studio.signIn.password')).fill(password)
  await page.getByRole('button', { name: tStudio(locale, 'studio.signIn.submit') }).click()
}

/**
 * On the studio's French sign-in page (its heading shown): signs `email` in and waits for the
 * first agenda, which a loaded run takes up to a minute to show.
 */
export async function signInToAgenda(page: Page, email: string): Promise<void> {
  await page
    .getByRole('heading', { level: 1, name: tStudio('fr', 'studio.signIn.heading') })
    .waitFor({ timeout: 30_000 })
  await signInToStudio(page, 'fr', email)
  await page.locator('.studio-count').waitFor({ timeout: 60_000 })
}

interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** The boxes of `locators` once two reads 100 ms apart agree (a grid still shifting is not). */
export async function settledBoxes(locators: readonly Locator[]): Promise<Box[]> {
  const read = () => Promise.all(locators.map((l) => l.boundingBox()))
  let last = await read()
  for (let attempt = 0; attempt < 50; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const now = await read()
    const boxes = now.filter((b): b is Box => b !== null)
    if (boxes.length === locators.length && JSON.stringify(now) === JSON.stringify(last))
      return boxes
    last = now
  }
  throw new Error(`the boxes never settled: ${JSON.stringify(last)}`)
}

/** A staff member's API headers (company token, JSON, bearer), signed in with the demo password. */
export async function staffHeaders(
  product: JourneyProduct,
  host: string,
  email: string,
): Promise<{ company: string; headers: Record<string, string> }> {
  const company = await companyTokenOf(product, host)
  const headers = { 'content-type': 'application/json', company }
  const login = await fetch(`${product.apiUrl}/api/cmpusers/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: STAFF_PASSWORD }),
  })
  if (!login.ok) throw new Error(`staff login ${email}: ${login.status}`)
  const { token } = (await login.json()) as { token: string }
  return { company, headers: { ...headers, authorization: `Bearer ${token}` } }
}
