import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { t as tShop } from '#i18n/messages'
import { tStudio as t } from '#i18n/studio-messages'
import { launchBrowser } from '#support/browser'
import { expectAxeClean, ML, openPage, PHONE } from './support/account'
import { journeyProduct } from './support/product'
import { signInToAgenda, studioPath, TABLET } from './support/studio'

/**
 * The catalogue (docs/decisions/083-catalogue-checks.md), staff and visitor side by side: the
 * owner of maison-lumiere creates a service in the studio with a price of its own at the Lyon
 * shop, performed by Claire, published in the facials; the warnings say nothing of it; after
 * the publish's rebuild the storefront's page shows it at the shop's price and offers a slot.
 */
const product = journeyProduct()
const OWNER = 'claire.dumas@maison-lumiere.example'
const SHOP = 'Maison Lumière Lyon'
const STAMP = Date.now()
const NAME = `Soin test catalogue ${STAMP}`
const SLUG = `soin-test-catalogue-${STAMP}`
let browser: Browser
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

describe('a new service, from the studio to the storefront', () => {
  it('is created with a shop price, published, and bookable at that price after the rebuild', async () => {
    const { page } = await openPage(browser, TABLET, contexts)
    await page.goto(product.url(ML, studioPath('fr')))
    await signInToAgenda(page, OWNER)
    await page.getByRole('button', { name: t('fr', 'studio.nav.catalogue') }).click()
    await page
      .getByRole('heading', { level: 1, name: t('fr', 'studio.catalogue.heading') })
      .waitFor()
    await expectAxeClean(page, 'studio catalogue')

    await page.getByRole('button', { name: t('fr', 'studio.catalogue.newService') }).click()
    const form = page.locator('form.studio-catalogue-form')
    await form.locator('input[name="name-fr"]').fill(NAME)
    await form.locator('input[name="name-en"]').fill(`Catalogue test facial ${STAMP}`)
    await form
      .getByLabel(t('fr', 'studio.catalogue.category'))
      .selectOption({ label: 'Soins visage' })
    await form.getByLabel(t('fr', 'studio.catalogue.duration')).fill('30')
    await form.getByLabel(t('fr', 'studio.catalogue.price')).fill('50,00')
    await form.getByLabel(t('fr', 'studio.catalogue.publish')).check()
    await form.getByLabel(t('fr', 'studio.catalogue.offeredAt', { shop: SHOP })).check()
    await form.getByLabel(t('fr', 'studio.catalogue.shopPrice', { shop: SHOP })).fill('55,00')
    await form.getByLabel(t('fr', 'studio.catalogue.performedBy', { name: 'Claire' })).check()
    // a new service has no consent form yet: the form says where one is written (decision 088)
    await form.getByText(t('fr', 'studio.catalogue.consentNone')).waitFor()
    await expectAxeClean(page, 'studio service form')
    const logFrom = product.output().length
    // keyboard: the form is sent from its button by Enter
    await form.getByRole('button', { name: t('fr', 'studio.catalogue.save') }).focus()
    await page.keyboard.press('Enter')
    await form.waitFor({ state: 'detached', timeout: 30_000 })

    const row = page.getByRole('row').filter({ hasText: NAME })
    await row.waitFor()
    // offered by one shop, nothing to fix (the first cell is the row's header)
    await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('1')
    await expect.poll(() => row.locator('td').nth(4).textContent()).toBe('0')
    expect(await page.locator('.studio-checks li').filter({ hasText: NAME }).count()).toBe(0)

    // the writes publish a rebuild of this tenant (decision 059)
    const path = `/services/soins-visage/${SLUG}`
    const rebuilt = new RegExp(`rebuild ${ML.replace(/\./g, '\\.')}: live`)
    await product.waitForOutput(rebuilt, 240_000, logFrom)
    // Chromium resolves *.localhost to loopback (Node's fetch does not): the visitor asks
    const visitor = await openPage(browser, PHONE, contexts)
    await expect
      .poll(async () => (await visitor.page.goto(product.url(ML, `${path}/`)))?.status(), {
        timeout: 240_000,
        interval: 500,
      })
      .toBe(200)
    await expect(visitor.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(NAME)
    const facts = await visitor.page.locator('main').textContent()
    expect(facts?.replace(/\s/g, ' ')).toContain('55,00')
    await visitor.page.goto(product.url(ML, `${path}/?page=reserved`))
    const grid = visitor.page.getByRole('grid', { name: tShop('fr', 'booking.chooseSlot') })
    await grid.waitFor({ timeout: 60_000 })
    expect(await grid.getByRole('button').count()).toBeGreaterThan(0)
    const price = visitor.page.locator(
      '.booking__shop [data-price], .booking__shop span:nth-child(2)',
    )
    await expect(price.first().textContent()).resolves.toContain('55,00')
    await expectAxeClean(visitor.page, 'booking step of the new service')
  }, 420_000)
})
