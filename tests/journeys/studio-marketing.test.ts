import type { Browser, BrowserContext, Page, Response } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { localInputOf } from '#domain/marketing/window'
import { t as tSite } from '#i18n/index'
import { tStudio as t } from '#i18n/studio-messages'
import { launchBrowser } from '#support/browser'
import {
  expectAxeClean,
  freshIdentity,
  ML,
  openPage,
  PHONE,
  registerByApi,
} from './support/account'
import { openJourney, withCustomerSession } from './support/booking'
import { journeyProduct } from './support/product'
import { siteBrowser } from './support/site'
import { signInToStudio, staffHeaders, studioPath, TABLET } from './support/studio'

/**
 * The owner's marketing screen (docs/decisions/090-studio-marketing.md) on the demo salon: a
 * coupon made in the studio is applied by a visitor in the storefront's cart at its discount;
 * an alert written in the studio (on a phone) shows in the site's alerts after the publish.
 * Both are removed after.
 */
const product = journeyProduct()
const site = siteBrowser()
let browser: Browser
const contexts: BrowserContext[] = []
const OWNER = 'claire.dumas@maison-lumiere.example'
const SERVICE = '/services/soins-visage/soin-hydratation-intense'
const CODE = `STUDIO${Date.now().toString(36).toUpperCase()}`
const ALERT = `Nocturne studio ${Date.now().toString(36)}`

async function ownerApi() {
  return (await staffHeaders(product, ML, OWNER)).headers
}

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  const headers = await ownerApi()
  const coupons = await fetch(`${product.apiUrl}/api/coupons/all`, { headers })
  for (const c of (await coupons.json()) as { id: string; code?: string }[]) {
    if (c.code !== CODE) continue
    await fetch(`${product.apiUrl}/api/coupons/${c.id}`, { method: 'DELETE', headers })
  }
  const alerts = await fetch(`${product.apiUrl}/api/alerts`, { headers })
  for (const a of (await alerts.json()) as { id: string; body: { fr?: string } }[]) {
    if (a.body.fr !== ALERT) continue
    await fetch(`${product.apiUrl}/api/alerts/${a.id}`, { method: 'DELETE', headers })
  }
  await site.close()
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
  await site.closeContexts()
})

async function marketing(viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await openPage(browser, viewport, contexts)
  await page.goto(product.url(ML, studioPath('fr')))
  await page.getByLabel(t('fr', 'studio.signIn.email')).waitFor({ timeout: 30_000 })
  await signInToStudio(page, 'fr', OWNER)
  const nav = page.getByRole('button', { name: t('fr', 'studio.nav.marketing') })
  await nav.waitFor({ timeout: 60_000 })
  await nav.click()
  await page.getByRole('heading', { level: 1, name: t('fr', 'studio.marketing.heading') }).waitFor()
  return page
}

const applied = (page: Page) =>
  page.waitForResponse(
    (r: Response) => r.url().includes('/api/coupons/apply') && r.request().method() === 'POST',
  )

describe('studio: marketing', () => {
  it('a coupon made in the studio takes its discount off a visitor’s cart', async () => {
    const page = await marketing(TABLET)
    await page.getByRole('button', { name: t('fr', 'studio.marketing.tab.coupons') }).click()
    await page.getByLabel(t('fr', 'studio.marketing.coupons.code'), { exact: true }).fill(CODE)
    const amount = page.getByLabel(t('fr', 'studio.marketing.coupons.percentValue'))
    await amount.fill('150')
    await page.getByRole('button', { name: t('fr', 'studio.marketing.save') }).click()
    // a percent over 100 is named on its field and nothing is sent
    await page.getByText(t('fr', 'studio.marketing.error.percentRange')).waitFor()
    expect(await amount.getAttribute('aria-invalid')).toBe('true')
    await amount.fill('20')
    await page.getByRole('button', { name: t('fr', 'studio.marketing.save') }).click()
    await page.getByRole('rowheader', { name: CODE, exact: true }).waitFor({ timeout: 30_000 })
    await expectAxeClean(page, 'studio marketing coupons')

    const token = await registerByApi(product, ML, freshIdentity('studio-coupon'))
    const { context, page: visitor } = await openJourney(browser, PHONE)
    contexts.push(context)
    await withCustomerSession(context, token)
    await visitor.goto(product.url(ML, `${SERVICE}?page=reserved`))
    const grid = visitor.getByRole('grid', { name: tSite('fr', 'booking.chooseSlot') })
    await grid.waitFor()
    await grid.getByRole('button').first().click()
    await visitor.getByRole('button', { name: tSite('fr', 'booking.addToCart') }).click()
    await visitor.getByText(tSite('fr', 'booking.addedToCart'), { exact: false }).waitFor()
    await visitor.goto(product.url(ML, '/panier'))
    const cart = visitor.getByRole('region', { name: tSite('fr', 'booking.cartTitle') })
    await cart.waitFor()
    await cart.getByLabel(tSite('fr', 'coupon.field.label')).fill(CODE.toLowerCase())
    const answer = applied(visitor)
    await cart.getByRole('button', { name: tSite('fr', 'coupon.field.apply') }).click()
    const response = await answer
    expect(response.status()).toBe(200)
    const preview = (await response.json()) as {
      discount: { amount: number }
      total: { amount: number }
    }
    const subtotal = preview.total.amount + preview.discount.amount
    expect(subtotal).toBeGreaterThan(0)
    expect(preview.discount.amount).toBe(Math.round((subtotal * 20) / 100))
    const line = cart.locator('[data-coupon-discount]')
    await line.waitFor()
    expect(Number(await line.getAttribute('data-amount'))).toBe(preview.discount.amount)
    // no name: the line is named by the code
    expect((await line.locator('dt').textContent())?.toUpperCase()).toBe(CODE)
  }, 240_000)

  it('an alert written in the studio on a phone shows in the site’s alerts', async () => {
    const page = await marketing(PHONE)
    // every section reads and lays out on a phone, axe clean
    for (const tab of ['events', 'coupons', 'gifts', 'popup', 'alerts'] as const) {
      await page.getByRole('button', { name: t('fr', `studio.marketing.tab.${tab}`) }).click()
      await page
        .getByRole('button', { name: t('fr', 'studio.marketing.save') })
        .or(page.getByRole('button', { name: t('fr', 'studio.marketing.publish') }))
        .first()
        .waitFor({ timeout: 30_000 })
      await expectAxeClean(page, `studio marketing ${tab} on a phone`)
    }
    const language = t('fr', 'studio.posts.language.fr')
    await page.getByLabel(t('fr', 'studio.marketing.textIn', { language })).fill(ALERT)
    await page
      .getByLabel(t('fr', 'studio.marketing.alerts.service'))
      .selectOption({ label: 'Soin hydratation intense' })
    const now = Date.now()
    await page
      .getByLabel(t('fr', 'studio.marketing.start'), { exact: true })
      .fill(localInputOf(new Date(now - 3_600_000).toISOString()))
    await page
      .getByLabel(t('fr', 'studio.marketing.end'), { exact: true })
      .fill(localInputOf(new Date(now + 86_400_000).toISOString()))
    await page.getByRole('button', { name: t('fr', 'studio.marketing.save') }).click()
    await page.getByRole('rowheader', { name: ALERT }).waitFor({ timeout: 30_000 })
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: t('fr', 'studio.marketing.saved') })
          .count(),
      )
      .toBe(1)
    await expectAxeClean(page, 'studio marketing alerts on a phone')

    const { page: visitor } = await site.open(ML, {
      viewport: PHONE,
      cookies: { 'preference-set': 'connection' },
    })
    await expect
      .poll(
        async () => {
          await visitor.goto(product.url(ML, '/services/'))
          // the bell shows once the page's script read a current alert or event from the API
          const bell = visitor.getByRole('button', { name: /^Notifications/ })
          const shown = await bell.waitFor({ timeout: 15_000 }).then(
            () => true,
            () => false,
          )
          if (!shown) return ''
          await bell.click()
          const dialog = visitor.getByRole('dialog', { name: 'Informations' })
          await dialog.waitFor()
          return (await dialog.textContent()) ?? ''
        },
        { timeout: 180_000, interval: 2000 },
      )
      .toContain(ALERT)
  }, 300_000)
})
