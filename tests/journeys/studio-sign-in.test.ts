import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { tStudio as t } from '#i18n/studio-messages'
import { launchBrowser } from '#support/browser'
import { codeFor, expectAxeClean, ML, openPage, PHONE } from './support/account'
import { companyTokenOf } from './support/booking'
import { journeyProduct } from './support/product'
import { STAFF_PASSWORD, signInToStudio, studioPath } from './support/studio'

/**
 * The studio's sign-in past the account's budget of failed passwords
 * (docs/decisions/061-sign-in-budget.md): guesses from many addresses spend it, then the right
 * password alone is not enough; the form asks for the code e-mailed to the account, refuses a
 * wrong one in words of the page, and lets the right one in. Inès (maison-lumiere's
 * practitioner) is no other journey's user: her budget stays spent for an hour.
 */
const product = journeyProduct()
let browser: Browser
const contexts: BrowserContext[] = []
const INES = 'ines.moreau@maison-lumiere.example'
/** ACCOUNT_BUDGET.failures (server/services/auth/account-budget.ts) */
const BUDGET = 20

beforeAll(async () => {
  browser = await launchBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

/** The budget spent by guesses each from its own address (the per-address limits never bite). */
async function spendBudget(): Promise<void> {
  const company = await companyTokenOf(product.apiUrl, ML)
  await Promise.all(
    Array.from({ length: BUDGET }, (_, i) =>
      fetch(`${product.apiUrl}/api/cmpusers/login`, {
        method: 'POST',
        headers: {
          company,
          'content-type': 'application/json',
          'x-forwarded-for': `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`,
        },
        body: JSON.stringify({ email: INES, password: `guess ${i}` }),
      }),
    ),
  )
}

describe('studio: signing in past the budget of failed passwords', () => {
  it('asks for the e-mailed code, refuses a wrong one, lets the right one in (phone, fr)', async () => {
    await spendBudget()
    const { page, problems } = await openPage(browser, PHONE, contexts)
    await page.goto(product.url(ML, studioPath('fr')))
    const from = product.output().length
    await signInToStudio(page, 'fr', INES, STAFF_PASSWORD)
    const alert = page.getByRole('alert')
    await expect.poll(() => alert.textContent()).toBe(t('fr', 'studio.signIn.codeSent'))
    const code = page.getByLabel(t('fr', 'studio.signIn.code'))
    await expectAxeClean(page, 'the sign-in asking for the code')
    const sent = await codeFor(product, 'email', INES, from)
    await code.fill(sent === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: t('fr', 'studio.signIn.submit') }).click()
    await expect.poll(() => alert.textContent()).toBe(t('fr', 'studio.signIn.badCode'))
    await code.fill(sent)
    await page.getByRole('button', { name: t('fr', 'studio.signIn.submit') }).click()
    await page.locator('.studio-count').waitFor({ timeout: 30_000 })
    // the refusals themselves are the only failed calls
    expect(problems.filter((p) => !p.includes('/api/cmpusers/login'))).toEqual([])
  })
})
