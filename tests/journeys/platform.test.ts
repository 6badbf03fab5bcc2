import { randomBytes } from 'node:crypto'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { tStudio as t } from '#i18n/studio-messages'
import { launchBrowser } from '#support/browser'
import { expectAxeClean, openPage, PHONE } from './support/account'
import { journeyProduct } from './support/product'
import { TABLET } from './support/studio'

/**
 * A new company goes live (docs/decisions/085-company-creation.md): the shared product is a
 * deployment nobody installed (its demo companies are seeded, no administrator), so the platform
 * page asks for the first administrator, who creates a company; its site then answers on its
 * host, no file of it in tenants/. Only this journey installs the shared product.
 */
const product = journeyProduct()
let browser: Browser
const contexts: BrowserContext[] = []
const suffix = randomBytes(3).toString('hex')
const host = `salon-${suffix}.localhost`
const admin = { email: `admin-${suffix}@platform.example`, password: `platform ${suffix} pass` }

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

describe('platform: installation and a new company', () => {
  it('installs, creates a company, and its site answers on its host', {
    timeout: 240_000,
  }, async () => {
    const { page, problems } = await openPage(browser, TABLET, contexts)
    // a host no company has: the platform page answers on every host
    await page.goto(product.url('platform.localhost', '/studio/platform/en/'))
    const install = page.getByRole('heading', { name: t('en', 'studio.platform.registerHeading') })
    await install.waitFor()
    await expectAxeClean(page, 'platform installation')
    await page.getByLabel(t('en', 'studio.platform.email')).fill(admin.email)
    await page.getByLabel(t('en', 'studio.platform.password')).fill(admin.password)
    await page.getByRole('button', { name: t('en', 'studio.platform.register') }).click()

    const create = page.getByRole('heading', { name: t('en', 'studio.platform.createHeading') })
    await create.waitFor()
    await expectAxeClean(page, 'platform company form')
    await page.getByLabel(t('en', 'studio.platform.host'), { exact: true }).fill(host)
    await page.getByLabel(t('en', 'studio.platform.name')).fill(`Salon ${suffix}`)
    await page.getByLabel('English').check()
    await page.getByLabel(t('en', 'studio.platform.shopName')).fill(`Salon ${suffix} Lyon`)
    await page.getByLabel(t('en', 'studio.platform.city')).fill('Lyon')
    await page.getByLabel(t('en', 'studio.platform.ownerEmail')).fill(`owner@${host}`)
    await page.getByLabel(t('en', 'studio.platform.ownerFirstname')).fill('Olga')
    await page.getByLabel(t('en', 'studio.platform.ownerLastname')).fill('Owner')
    await page.getByRole('button', { name: t('en', 'studio.platform.create') }).click()
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: host }).count(), { timeout: 30_000 })
      .toBeGreaterThan(0)
    await expect.poll(() => page.getByRole('link', { name: host }).count()).toBe(1)
    expect(problems).toEqual([])

    // its site, built from the API by the creation's publish
    const site = await openPage(browser, PHONE, contexts)
    await expect
      .poll(async () => (await site.page.goto(product.url(host, '/')))?.status(), {
        timeout: 180_000,
        interval: 1_000,
      })
      .toBe(200)
    // the company's name, as the platform wrote it
    expect(await site.page.content()).toContain(`Salon ${suffix}`)
    const english = await site.page.goto(product.url(host, '/en/'))
    expect(english?.status()).toBe(200)

    // a second installation is refused: the page now asks to sign in
    const again = await openPage(browser, PHONE, contexts)
    await again.page.goto(product.url('platform.localhost', '/studio/platform/'))
    await again.page
      .getByRole('heading', { name: t('fr', 'studio.platform.signInHeading') })
      .waitFor()
  })
})
