import type { Browser, BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { t as tShop } from '#i18n/messages'
import { tStudio as t } from '#i18n/studio-messages'
import { launchBrowser } from '#support/browser'
import { expectAxeClean, ML, openPage, PHONE } from './support/account'
import { journeyProduct } from './support/product'
import { companyTokenOf } from './support/shop'
import { STAFF_PASSWORD, signInToAgenda, TABLET } from './support/studio'

/**
 * A shop's life from the studio to the marketplace (docs/decisions/094-shop-lifecycle.md): the
 * owner of bains-du-lac (the marketplace demo) creates a shop and gives it a picture of the
 * media library; once published, a visitor finds it in the shop search (closed to online
 * booking, so its result is not a link) and on its own page, its picture a <picture> with the
 * alt of the page's language; the owner removes it and it leaves the search and its page goes.
 * The shop and the picture are removed at the end whatever happened, so the other journeys
 * read bains-du-lac as seeded.
 */
const product = journeyProduct()
const BAINS = 'bains-du-lac.localhost'
const OWNER = 'sophie.girard@bains-du-lac.example'
const STAMP = Date.now()
const NAME = `Les Bains du Lac Belley ${STAMP}`
const SLUG = `les-bains-du-lac-belley-${STAMP}`
// a postcode no seeded shop shares, so the search finds this one only
const ZIP = '01300'
const LANGS = ['fr', 'en', 'de', 'es', 'it'] as const
const ALT = Object.fromEntries(LANGS.map((code) => [code, `Bassin ${code} ${STAMP}`]))
let browser: Browser
const contexts: BrowserContext[] = []

async function ownerApi(): Promise<Record<string, string>> {
  const company = await companyTokenOf(product, BAINS)
  const headers = { 'content-type': 'application/json', company }
  const login = await fetch(`${product.apiUrl}/api/cmpusers/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: OWNER, password: STAFF_PASSWORD }),
  })
  const { token } = (await login.json()) as { token: string }
  return { ...headers, authorization: `Bearer ${token}` }
}

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  const headers = await ownerApi()
  const shops = await fetch(`${product.apiUrl}/api/shops`, { headers })
  for (const shop of (await shops.json()) as { id: string; slug: string }[]) {
    if (shop.slug === SLUG) {
      await fetch(`${product.apiUrl}/api/shops/${shop.id}`, { method: 'DELETE', headers })
    }
  }
  const medias = await fetch(`${product.apiUrl}/api/medias`, { headers })
  const body = (await medias.json()) as { items?: { id: string; alt: { fr?: string } }[] }
  for (const media of body.items ?? []) {
    if (media.alt.fr === ALT.fr) {
      await fetch(`${product.apiUrl}/api/medias/${media.id}`, { method: 'DELETE', headers })
    }
  }
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

async function uploadPhoto(page: Page): Promise<void> {
  await page.getByRole('button', { name: t('fr', 'studio.nav.media') }).click()
  const photo = await sharp({
    create: { width: 1600, height: 1000, channels: 3, background: '#3f7f9f' },
  })
    .jpeg()
    .toBuffer()
  await page
    .getByLabel(t('fr', 'studio.media.file'))
    .setInputFiles({ name: 'bassin.jpg', mimeType: 'image/jpeg', buffer: photo })
  for (const code of LANGS) {
    const language = t('fr', `studio.consent.lang.${code}`)
    await page.getByLabel(t('fr', 'studio.media.alt', { language })).fill(ALT[code] ?? '')
  }
  await page.getByRole('button', { name: t('fr', 'studio.media.upload') }).click()
  await page.getByText(t('fr', 'studio.media.uploaded')).waitFor({ timeout: 60_000 })
}

async function createShop(page: Page): Promise<void> {
  await page.getByRole('button', { name: t('fr', 'studio.nav.shops'), exact: true }).click()
  await page.getByRole('heading', { level: 1, name: t('fr', 'studio.shops.heading') }).waitFor()
  await page.getByRole('button', { name: t('fr', 'studio.shops.create.open') }).click()
  const form = page.getByRole('form', { name: t('fr', 'studio.shops.create.heading') })
  await form.getByLabel(t('fr', 'studio.shops.create.name'), { exact: true }).fill(NAME)
  // the page address follows the name; one the site uses for a page is refused before sending
  const slug = form.getByLabel(t('fr', 'studio.shops.create.slug'), { exact: true })
  expect(await slug.inputValue()).toBe(SLUG)
  await slug.fill('magazine')
  await form
    .getByLabel(t('fr', 'studio.shops.address.street'), { exact: true })
    .fill('1 rue du Lac')
  await form.getByLabel(t('fr', 'studio.shops.address.zipcode'), { exact: true }).fill(ZIP)
  await form.getByLabel(t('fr', 'studio.shops.address.city'), { exact: true }).fill('Belley')
  await form.getByLabel(t('fr', 'studio.shops.address.country'), { exact: true }).fill('France')
  await form.getByRole('button', { name: t('fr', 'studio.shops.create.submit') }).click()
  await form.getByText(t('fr', 'studio.shops.create.error.slug.reserved')).waitFor()
  await slug.fill(SLUG)
  await expectAxeClean(page, 'studio: new shop form')
  await form.getByRole('button', { name: t('fr', 'studio.shops.create.submit') }).click()
  // the new shop is chosen: its form says what keeps it from taking bookings
  await page
    .getByRole('button', { name: NAME, exact: true })
    .and(page.locator('[aria-current="true"]'))
    .waitFor({ timeout: 30_000 })
  for (const gap of ['bookingOff', 'neverOpen', 'noStaff', 'noServices'] as const) {
    await page.getByText(t('fr', `studio.shops.gaps.${gap}`)).waitFor()
  }
}

async function addPicture(page: Page): Promise<void> {
  await page.getByRole('button', { name: t('fr', 'studio.shops.images.pick') }).click()
  const dialog = page.getByRole('dialog', { name: t('fr', 'studio.media.pickerLabel') })
  await dialog.waitFor({ timeout: 30_000 })
  const card = dialog.locator('.studio-media-card', { hasText: ALT.fr ?? '' })
  await card.getByRole('button', { name: t('fr', 'studio.media.pick') }).click()
  await dialog.waitFor({ state: 'detached' })
  const altOf = (code: (typeof LANGS)[number]) =>
    page.getByLabel(
      t('fr', 'studio.shops.images.alt', {
        n: 1,
        language: t('fr', `studio.posts.language.${code}`),
      }),
    )
  // the library's alt texts come with the picture, one per enabled language
  for (const code of LANGS) expect(await altOf(code).inputValue()).toBe(ALT[code])
  await page.getByRole('button', { name: t('fr', 'studio.shops.images.save') }).click()
  await page.getByText(t('fr', 'studio.shops.saved')).waitFor({ timeout: 30_000 })
}

/** The names the home's shop search finds for the postcode (its suggestions aside). */
async function searchNames(page: Page): Promise<string[]> {
  await page.goto(product.url(BAINS, '/'))
  await page.locator('[data-needed-island="shop-search"][data-mounted]').waitFor({
    state: 'attached',
    timeout: 30_000,
  })
  await page.getByRole('combobox', { name: /Rechercher une boutique/ }).fill(ZIP)
  // searching: the title counts what the postcode found (not the nearby shops any more)
  const title = page.locator('.shop-results__title').first()
  await expect.poll(() => title.textContent()).not.toContain(tShop('fr', 'mkp.search.nearby'))
  return page
    .locator('.shop-results .shop-results__list')
    .first()
    .locator('.shop-result__name')
    .allTextContents()
}

describe('studio: a shop created, pictured, published, found, then removed', () => {
  it('the marketplace lists it and its page shows the picture; removed, it goes', async () => {
    const staff = await openPage(browser, TABLET, contexts)
    await staff.page.goto(product.url(BAINS, '/studio/'))
    await signInToAgenda(staff.page, OWNER)
    await uploadPhoto(staff.page)
    await createShop(staff.page)
    await addPicture(staff.page)

    const visitor = await openPage(browser, PHONE, contexts)
    await visitor.page
      .context()
      .addCookies(
        Object.entries({ 'preference-set': 'connection', 'coupon-dismissed': '1' }).map(
          ([name, value]) => ({ name, value, url: product.url(BAINS, '/') }),
        ),
      )
    await visitor.page.addInitScript(() => sessionStorage.setItem('events-shown', '1'))
    // the write published the rebuild: the search lists it within a few minutes
    await expect
      .poll(() => searchNames(visitor.page), { timeout: 240_000, interval: 5_000 })
      .toEqual([NAME])
    const result = visitor.page.locator('.shop-results li', { hasText: NAME }).first()
    expect(await result.textContent()).toContain(tShop('fr', 'booking.onlineUnavailable'))

    // the picture was saved after the create: its rebuild may come after the first one
    const pictures = async (path: string) => {
      const response = await visitor.page.goto(product.url(BAINS, path))
      if (response?.status() !== 200) return -1
      return visitor.page.locator('.detail picture').count()
    }
    for (const locale of ['fr', 'en'] as const) {
      const path = `${locale === 'fr' ? '' : '/en'}/${SLUG}`
      await expect.poll(() => pictures(path), { timeout: 240_000, interval: 5_000 }).toBe(1)
      await visitor.page.getByRole('heading', { level: 1, name: NAME }).waitFor()
      const picture = visitor.page.locator('.detail picture')
      expect(await picture.locator('source[type="image/avif"]').getAttribute('srcset')).toMatch(
        /-400\.avif 400w/,
      )
      expect(await picture.locator('img').getAttribute('alt')).toBe(ALT[locale])
    }
    await expectAxeClean(visitor.page, 'the new shop page')

    await staff.page
      .getByRole('button', { name: t('fr', 'studio.shops.removal.ask', { name: NAME }) })
      .click()
    await staff.page
      .getByRole('button', { name: t('fr', 'studio.shops.removal.confirm', { name: NAME }) })
      .click()
    await staff.page.getByText(t('fr', 'studio.shops.removal.done')).waitFor({ timeout: 30_000 })
    expect(await staff.page.getByRole('button', { name: NAME, exact: true }).count()).toBe(0)

    await expect
      .poll(() => searchNames(visitor.page), { timeout: 240_000, interval: 5_000 })
      .toEqual([])
    const gone = await visitor.page.goto(product.url(BAINS, `/${SLUG}`))
    expect(gone?.status()).toBe(404)
  }, 600_000)
  it('the only shop of a company stays: the refusal says why and the shop comes back', async () => {
    const { page } = await openPage(browser, PHONE, contexts)
    await page.goto(product.url(ML, '/studio/'))
    await signInToAgenda(page, 'claire.dumas@maison-lumiere.example')
    await page.getByRole('button', { name: t('fr', 'studio.nav.shops'), exact: true }).click()
    const name = 'Maison Lumière Lyon'
    await page.getByRole('button', { name: t('fr', 'studio.shops.removal.ask', { name }) }).click()
    await page
      .getByRole('button', { name: t('fr', 'studio.shops.removal.confirm', { name }) })
      .click()
    await page
      .getByRole('alert')
      .filter({ hasText: t('fr', 'studio.shops.removal.refused.lastShop') })
      .waitFor({ timeout: 30_000 })
    await page
      .getByRole('heading', { level: 2, name: t('fr', 'studio.shops.removal.heading') })
      .waitFor()
    await expectAxeClean(page, 'studio: a removal refused')
  })
})
