import { readFileSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Locale } from '#i18n/locales'
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
import { journeyProduct } from './support/product'
import { signInToStudio, studioPath, TABLET } from './support/studio'

/**
 * Customer files (docs/decisions/079-customer-files-and-erasure.md): the owner of
 * maison-lumiere, in French on a front-desk tablet, adds a pigment lot, opens a fresh customer,
 * opens a file and records a prestation with that lot; the lot search finds the customer; the
 * export downloads an archive holding the prestation. Then the manager, in English on a phone,
 * finds the same customer through the lot search and reads the file.
 */
const product = journeyProduct()
let browser: Browser
const contexts: BrowserContext[] = []
let customer = ''
const lot = `J${Date.now() % 1_000_000}`

const STAFF: Record<'fr' | 'en', string> = {
  fr: 'claire.dumas@maison-lumiere.example',
  en: 'hugo.bernard@maison-lumiere.example',
}

beforeAll(async () => {
  browser = await launchBrowser()
  const identity = freshIdentity('files')
  customer = identity.email
  await registerByApi(product, ML, identity)
}, 120_000)
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

async function signIn(page: Page, locale: 'fr' | 'en'): Promise<void> {
  await page.goto(product.url(ML, studioPath(locale)))
  await signInToStudio(page, locale, STAFF[locale])
  await expect.poll(() => page.locator('.studio-nav').count()).toBe(1)
}

async function openCustomer(page: Page, locale: Locale): Promise<void> {
  await page.getByRole('button', { name: t(locale, 'studio.nav.customers') }).click()
  await page.getByLabel(t(locale, 'studio.customers.search')).fill(customer)
  await page.getByRole('button', { name: t(locale, 'studio.customers.searchButton') }).click()
  const rows = page.locator('.studio-table tbody tr')
  await expect.poll(() => rows.count()).toBe(1)
  await rows.getByRole('button', { name: customer }).click()
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(customer)
}

async function searchLot(page: Page, locale: Locale): Promise<string> {
  await page.getByRole('button', { name: t(locale, 'studio.nav.stock') }).click()
  await page.getByLabel(t(locale, 'studio.lots.label'), { exact: true }).fill(lot.toLowerCase())
  await page.getByRole('button', { name: t(locale, 'studio.lots.search') }).click()
  const uses = page.locator('.studio-lot-uses li')
  await expect.poll(() => uses.count()).toBe(1)
  return (await uses.textContent()) ?? ''
}

describe('studio: customer files and lot traceability', () => {
  it('fr, tablet: records a prestation with a pigment lot, finds it by lot, exports it', async () => {
    const { page, problems } = await openPage(browser, TABLET, contexts)
    await signIn(page, 'fr')
    await page.getByRole('button', { name: t('fr', 'studio.nav.stock') }).click()
    const pigments = page.getByRole('region', {
      name: t('fr', 'studio.stock.pigments'),
      exact: true,
    })
    await pigments.getByLabel(t('fr', 'studio.stock.brand')).fill('Perma Blend')
    await pigments.getByLabel(t('fr', 'studio.stock.colour')).fill('Honey')
    await pigments.getByLabel(t('fr', 'studio.stock.lot'), { exact: true }).fill(lot)
    await pigments.getByLabel(t('fr', 'studio.stock.expiry')).fill('2099-12-31')
    await pigments.getByRole('button', { name: t('fr', 'studio.stock.addPigment') }).click()
    await expect
      .poll(() => page.locator('.studio-stock li').filter({ hasText: lot }).count())
      .toBe(1)
    await expectAxeClean(page, 'fr tablet products used')

    await openCustomer(page, 'fr')
    await page.getByLabel(t('fr', 'studio.files.title')).fill('Sourcils')
    await page.getByRole('button', { name: t('fr', 'studio.files.create') }).click()
    const form = page.locator('.studio-prestation-form')
    await expect.poll(() => form.count()).toBe(1)
    await form.getByLabel(t('fr', 'studio.prestations.service')).fill('Microblading')
    await form.getByRole('checkbox', { name: new RegExp(lot) }).check()
    await form.getByRole('button', { name: t('fr', 'studio.prestations.record') }).click()
    await expect
      .poll(() => page.locator('.studio-prestations li').filter({ hasText: lot }).count())
      .toBe(1)
    await expectAxeClean(page, 'fr tablet customer file')

    expect(await searchLot(page, 'fr')).toContain(customer)

    await openCustomer(page, 'fr')
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: t('fr', 'studio.file.export') }).click()
    const file = await (await download).path()
    const archive = JSON.parse(readFileSync(file, 'utf8')) as {
      prestations: { service: string; pigments: { lot: string }[] }[]
    }
    expect(archive.prestations).toEqual([
      expect.objectContaining({
        service: 'Microblading',
        pigments: [expect.objectContaining({ lot })],
      }),
    ])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1024,
    )
    expect(problems).toEqual([])
  })

  it('en, phone: the manager finds the customer by lot and reads the file', async () => {
    const { page, problems } = await openPage(browser, PHONE, contexts)
    await signIn(page, 'en')
    expect(await searchLot(page, 'en')).toContain(customer)
    await expectAxeClean(page, 'en phone lot search')
    await openCustomer(page, 'en')
    await page.getByRole('button', { name: /Sourcils/ }).click()
    await expect
      .poll(() => page.locator('.studio-prestations li').filter({ hasText: lot }).count())
      .toBe(1)
    // export and erasure are the owner's
    expect(await page.getByRole('button', { name: t('en', 'studio.file.export') }).count()).toBe(0)
    await expectAxeClean(page, 'en phone customer file')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    )
    expect(problems).toEqual([])
  })
})
