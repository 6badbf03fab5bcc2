import type { Browser, BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { tStudio as t } from '#i18n/studio-messages'
import { launchBrowser } from '#support/browser'
import { loopbackOnly } from '#support/page-checks'
import { ML, openPage, PHONE } from './support/account'
import { journeyProduct } from './support/product'
import { signInToStudio, staffHeaders, TABLET } from './support/studio'

/**
 * A post with a picture of the media library (docs/decisions/091-responsive-media-images.md):
 * the owner uploads a photo with its alt text in French and English, writes a post in both,
 * picks the photo as its cover and puts it in the body, publishes; the live post page draws
 * it as a <picture> with AVIF and WebP sources and the alt of each language, the magazine's
 * card too, and a phone (390 px at density 2) downloads no file wider than 800 px.
 */
const product = journeyProduct()
let browser: Browser
const contexts: BrowserContext[] = []
const OWNER = 'claire.dumas@maison-lumiere.example'
const STAMP = Date.now()
const ALT = { fr: `Bain de vapeur ${STAMP}`, en: `Steam bath ${STAMP}` }
const TITLE = { fr: `Vapeurs ${STAMP}`, en: `Steam ${STAMP}` }
const SLUG = `vapeurs-${STAMP}`

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  // the post goes, so the other journeys' magazine reads as seeded
  const { headers: auth } = await staffHeaders(product, ML, OWNER)
  const list = await fetch(`${product.apiUrl}/api/posts`, { headers: auth })
  for (const post of (await list.json()) as { id: string; slug: string }[]) {
    if (post.slug === SLUG) {
      await fetch(`${product.apiUrl}/api/posts/${post.id}`, { method: 'DELETE', headers: auth })
    }
  }
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

const mediaAlt = (code: 'fr' | 'en') =>
  t('fr', 'studio.media.alt', { language: t('fr', `studio.consent.lang.${code}`) })
const coverAlt = (code: 'fr' | 'en') =>
  t('fr', 'studio.posts.coverAlt', { language: t('fr', `studio.posts.language.${code}`) })

async function uploadPhoto(page: Page): Promise<void> {
  await page.getByRole('button', { name: t('fr', 'studio.nav.media') }).click({ timeout: 60_000 })
  // wider than every page width, so the library keeps 400, 800, 1200 and 1600
  const photo = await sharp({
    create: { width: 2000, height: 1250, channels: 3, background: '#7a9e9f' },
  })
    .jpeg()
    .toBuffer()
  await page
    .getByLabel(t('fr', 'studio.media.file'))
    .setInputFiles({ name: 'vapeur.jpg', mimeType: 'image/jpeg', buffer: photo })
  await page.getByLabel(mediaAlt('fr')).fill(ALT.fr)
  await page.getByLabel(mediaAlt('en')).fill(ALT.en)
  await page.getByRole('button', { name: t('fr', 'studio.media.upload') }).click()
  await page.getByText(t('fr', 'studio.media.uploaded')).waitFor({ timeout: 60_000 })
}

async function pickFromLibrary(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: t('fr', 'studio.media.pickerLabel') })
  await dialog.waitFor({ timeout: 30_000 })
  const card = dialog.locator('.studio-media-card', { hasText: ALT.fr })
  await card.getByRole('button', { name: t('fr', 'studio.media.pick') }).click()
  await dialog.waitFor({ state: 'detached' })
}

async function writeLanguage(page: Page, language: string, title: string, text: string) {
  await page.getByRole('tab', { name: language }).click()
  const panel = page.getByRole('tabpanel')
  await panel.getByLabel(t('fr', 'studio.posts.titleField'), { exact: true }).fill(title)
  await panel.getByLabel(t('fr', 'studio.posts.description')).fill(`${text} — ${title}`)
  await panel.locator('.tiptap').click()
  await page.keyboard.type(text)
}

/** The widths of the library files a page downloaded (keys end in -<width>.<ext>). */
function mediaWidths(page: Page): number[] {
  const widths: number[] = []
  page.on('response', (response) => {
    const width = /\/media\/c\d+\/[a-z0-9-]+\/[0-9a-f]+-(\d+)\.\w+$/.exec(response.url())?.[1]
    if (width !== undefined) widths.push(Number(width))
  })
  return widths
}

describe('studio: a post with a library picture, drawn responsively on the live site', () => {
  it('cover and body picture in fr and en, <picture> sources and alt per language, ≤ 800 px on a phone', async () => {
    const staff = await openPage(browser, TABLET, contexts)
    await staff.page.goto(product.url(ML, '/studio/'))
    await expect
      .poll(() => staff.page.getByRole('heading', { level: 1 }).textContent(), { timeout: 30_000 })
      .toBe(t('fr', 'studio.signIn.heading'))
    await signInToStudio(staff.page, 'fr', OWNER)
    await uploadPhoto(staff.page)

    await staff.page.getByRole('button', { name: t('fr', 'studio.nav.posts') }).click()
    await staff.page.getByRole('button', { name: t('fr', 'studio.posts.new') }).click()
    await writeLanguage(staff.page, t('fr', 'studio.posts.language.en'), TITLE.en, 'Warm steam')
    await writeLanguage(staff.page, t('fr', 'studio.posts.language.fr'), TITLE.fr, 'Vapeur chaude')
    // the same picture in the French body, through the editor's picker
    const tools = staff.page.getByRole('toolbar', { name: t('fr', 'studio.posts.toolbar') }).first()
    await tools
      .getByRole('button', { name: t('fr', 'studio.posts.tool.image'), exact: true })
      .click()
    await pickFromLibrary(staff.page)
    await staff.page.locator('.ProseMirror img').first().waitFor({ timeout: 10_000 })
    await staff.page.getByRole('button', { name: t('fr', 'studio.posts.slugFromTitle') }).click()
    // the cover: picked from the library, its alt texts come with it, one per language
    await staff.page.getByRole('button', { name: t('fr', 'studio.posts.coverPick') }).click()
    await pickFromLibrary(staff.page)
    expect(await staff.page.getByLabel(coverAlt('fr')).inputValue()).toBe(ALT.fr)
    expect(await staff.page.getByLabel(coverAlt('en')).inputValue()).toBe(ALT.en)

    await staff.page.getByRole('button', { name: t('fr', 'studio.posts.publish') }).click()
    await staff.page.getByText(t('fr', 'studio.posts.live.live')).waitFor({ timeout: 120_000 })

    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2 })
    contexts.push(context)
    await loopbackOnly(context, new Set())
    for (const locale of ['fr', 'en'] as const) {
      const page = await context.newPage()
      const widths = mediaWidths(page)
      await page.goto(product.url(ML, `${locale === 'fr' ? '' : '/en'}/magazine/${SLUG}`))
      await page
        .getByRole('heading', { level: 1, name: TITLE[locale] })
        .waitFor({ timeout: 30_000 })
      const cover = page.locator('article picture').first()
      expect(await cover.locator('source[type="image/avif"]').getAttribute('srcset')).toMatch(
        /-400\.avif 400w, .*-800\.avif 800w, .*-1600\.avif 1600w$/,
      )
      expect(await cover.locator('source[type="image/webp"]').count()).toBe(1)
      const image = cover.locator('img')
      expect(await image.getAttribute('alt')).toBe(ALT[locale])
      expect(await image.getAttribute('srcset')).toMatch(/-400\.jpg 400w/)
      await expect
        .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), {
          timeout: 20_000,
        })
        .toBeGreaterThan(0)
      expect(await image.evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(
        /-800\.(avif|webp)$/,
      )
      if (locale === 'fr') {
        // the body's picture, drawn from the snapshot after the sanitiser, lazy
        const body = page.locator('article .prose picture img')
        expect(await body.getAttribute('alt')).toBe(ALT.fr)
        expect(await body.getAttribute('loading')).toBe('lazy')
      }
      expect(widths.length).toBeGreaterThan(0)
      expect(Math.max(...widths)).toBeLessThanOrEqual(800)
      await page.close()
    }

    // the magazine's card draws it too (decorative there: its title is the link beside it)
    const list = await context.newPage()
    await list.goto(product.url(ML, '/magazine/'))
    const card = list.locator('.card', { hasText: TITLE.fr })
    await card.waitFor({ timeout: 30_000 })
    expect(await card.locator('picture source[type="image/avif"]').count()).toBe(1)
  }, 300_000)
})
