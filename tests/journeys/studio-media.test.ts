import type { Browser, BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { tStudio as t } from '#i18n/studio-messages'
import { launchBrowser } from '#support/browser'
import { expectAxeClean, ML, openPage, PHONE } from './support/account'
import { journeyProduct } from './support/product'
import { signInToStudio, TABLET } from './support/studio'

/**
 * The media library (docs/decisions/081-media-storage.md) in the studio of the demo salon, which
 * speaks French and English: the owner uploads a picture with its alt text in both, sees it in
 * the library (its bytes served through the site's /media), and a text file sent as a picture
 * is refused in the studio's words. At 1024 px and on a phone, axe clean.
 */
const product = journeyProduct()
let browser: Browser
const contexts: BrowserContext[] = []
const OWNER = 'claire.dumas@maison-lumiere.example'

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

const altLabel = (code: 'fr' | 'en') =>
  t('fr', 'studio.media.alt', { language: t('fr', `studio.consent.lang.${code}`) })

async function openLibrary(page: Page): Promise<void> {
  await page.goto(product.url(ML, '/studio/'))
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 30_000 })
    .toBe(t('fr', 'studio.signIn.heading'))
  await signInToStudio(page, 'fr', OWNER)
  await page.getByRole('button', { name: t('fr', 'studio.nav.media') }).click({ timeout: 60_000 })
  await page.getByRole('heading', { level: 1, name: t('fr', 'studio.media.heading') }).waitFor()
}

/** names the picture this file uploads, so a later test finds it among others' */
const stamp = Date.now()

describe('studio: the media library', () => {
  it('uploads a picture with its alt texts, lists it, refuses a text file', async () => {
    const staff = await openPage(browser, TABLET, contexts)
    await openLibrary(staff.page)
    const picture = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#b48a78' },
    })
      .png()
      .toBuffer()
    await staff.page
      .getByLabel(t('fr', 'studio.media.file'))
      .setInputFiles({ name: 'soin.png', mimeType: 'image/png', buffer: picture })
    await staff.page.getByLabel(altLabel('fr')).fill(`Cabine de soin ${stamp}`)
    await staff.page.getByLabel(altLabel('en')).fill(`Treatment room ${stamp}`)
    await staff.page.getByRole('button', { name: t('fr', 'studio.media.upload') }).click()
    await staff.page.getByText(t('fr', 'studio.media.uploaded')).waitFor({ timeout: 60_000 })

    const card = staff.page.locator('.studio-media-card', { hasText: `Treatment room ${stamp}` })
    await card.waitFor()
    expect(await card.textContent()).toContain(`Cabine de soin ${stamp}`)
    const image = card.getByRole('img', { name: `Cabine de soin ${stamp}` })
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0)
    // the browser picked a modern format from the <picture>'s sources
    const current = await image.evaluate((img) => (img as HTMLImageElement).currentSrc)
    expect(current).toMatch(/\/media\/c\d+\/images\/[0-9a-f]{32}-\d+\.(avif|webp)$/)
    await expectAxeClean(staff.page, 'media library')

    await staff.page
      .getByLabel(t('fr', 'studio.media.file'))
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('hello') })
    await staff.page.getByLabel(altLabel('fr')).fill('Texte')
    await staff.page.getByLabel(altLabel('en')).fill('Text')
    await staff.page.getByRole('button', { name: t('fr', 'studio.media.upload') }).click()
    const refusal = staff.page.getByRole('alert')
    await refusal.waitFor({ timeout: 30_000 })
    expect(await refusal.textContent()).toBe(t('fr', 'studio.media.error.notAnImage'))
    await expectAxeClean(staff.page, 'media upload refused')
  })

  it("puts a picture of the library in a post's body through the editor's picker", async () => {
    const staff = await openPage(browser, TABLET, contexts)
    await openLibrary(staff.page)
    // the picture the test above uploaded (the journeys share one product and run in order)
    const alt = `Cabine de soin ${stamp}`
    await staff.page.getByRole('button', { name: t('fr', 'studio.nav.posts') }).click()
    await staff.page.getByRole('button', { name: t('fr', 'studio.posts.new') }).click()
    // exactly "Image": the nav's "Images" (the library) holds it too
    const tools = staff.page.getByRole('toolbar', { name: t('fr', 'studio.posts.toolbar') }).first()
    await tools
      .getByRole('button', { name: t('fr', 'studio.posts.tool.image'), exact: true })
      .click()
    const dialog = staff.page.getByRole('dialog', { name: t('fr', 'studio.media.pickerLabel') })
    await dialog.waitFor({ timeout: 30_000 })
    await expectAxeClean(staff.page, 'media picker dialog')
    const card = dialog.locator('.studio-media-card', { hasText: alt })
    await card.getByRole('button', { name: t('fr', 'studio.media.pick') }).click()
    await dialog.waitFor({ state: 'detached' })
    const inserted = staff.page.locator('.ProseMirror img').first()
    await inserted.waitFor({ timeout: 10_000 })
    expect(await inserted.getAttribute('alt')).toBe(alt)
    expect(await inserted.getAttribute('src')).toMatch(/\/media\/c\d+\/images\/[0-9a-f]{32}-/)
  })

  it('is usable on a phone', async () => {
    const staff = await openPage(browser, PHONE, contexts)
    await openLibrary(staff.page)
    const overflow = await staff.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await expectAxeClean(staff.page, 'media library on a phone')
  })
})
