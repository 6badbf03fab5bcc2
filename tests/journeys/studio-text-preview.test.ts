import type { Browser, BrowserContext, Frame, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { tStudio as t } from '#i18n/studio-messages'
import { launchBrowser } from '#support/browser'
import { DESKTOP, expectAxeClean, openPage } from './support/account'
import { holdBack } from './support/hold-back'
import { journeyProduct } from './support/product'
import { signInToAgenda, staffHeaders, studioPath, TABLET } from './support/studio'

/**
 * Live text preview (docs/decisions/093-live-text-preview.md), on the marketplace demo (its
 * home has the hero): the owner edits the first slide's English title, a menu label and a legal
 * text in the studio; the framed English storefront shows each before anything is saved, markup
 * typed into a title shows as text, a legal text's HTML through the site's allow-list; nothing is
 * published (a visitor's page and the API keep the old title); "reset" puts the frame back.
 */
const product = journeyProduct()
const BDL = 'bains-du-lac.localhost'
const OWNER = 'sophie.girard@bains-du-lac.example'
const OLD_TITLE = 'The lake, the steam, the silence'
const TITLE = `A quiet morning ${Date.now().toString(36)}`
const LABEL = `Rituals ${Date.now().toString(36)}`
const MARKUP = '<img src=x onerror="document.title=1">'
let browser: Browser
const contexts: BrowserContext[] = []
let saved: string

async function ownerApi() {
  return staffHeaders(product, BDL, OWNER)
}
const savedCompany = async () => {
  const { company, headers } = await ownerApi()
  return (await fetch(`${product.apiUrl}/api/companies/${company}`, { headers })).text()
}

beforeAll(async () => {
  browser = await launchBrowser()
  saved = await savedCompany()
})
afterAll(async () => {
  // nothing is saved by this journey; should a failure have saved, the company is put back
  if ((await savedCompany()) !== saved) {
    const { company, headers } = await ownerApi()
    const { token: _token, ...body } = JSON.parse(saved) as Record<string, unknown>
    const put = { method: 'PUT', headers, body: JSON.stringify(body) }
    await fetch(`${product.apiUrl}/api/companies/${company}`, put)
  }
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

async function previewFrame(page: Page): Promise<Frame> {
  const element = page.locator('iframe.studio-preview')
  await element.waitFor({ timeout: 30_000 })
  const frame = await (await element.elementHandle())?.contentFrame()
  if (!frame) throw new Error('no preview frame')
  return frame
}

/** The frame's page at `path` with its preview listener running. */
async function frameAt(frame: Frame, path: string) {
  await expect.poll(() => new URL(frame.url()).pathname, { timeout: 30_000 }).toBe(path)
  await frame.waitForFunction(() => document.documentElement.dataset.preview === 'ready', null, {
    timeout: 30_000,
  })
}

/** The text of the frame's first element of a slot (the page may be between two loads). */
const slotText = (frame: Frame, slot: string) =>
  frame
    .evaluate(
      (name) =>
        [...document.querySelectorAll<HTMLElement>('[data-preview-text]')].find(
          (element) => element.dataset.previewText === name,
        )?.textContent ?? null,
      slot,
    )
    .catch(() => null)

const section = (page: Page, name: 'home' | 'menus' | 'legal') =>
  page.getByRole('button', { name: t('fr', `studio.settings.section.${name}`) }).click()

describe('studio: texts follow live in the framed storefront', () => {
  it('a hero title, a menu label and a legal text show before saving; nothing is published', async () => {
    const { page } = await openPage(browser, TABLET, contexts)
    await page.goto(product.url(BDL, studioPath('fr')))
    await signInToAgenda(page, OWNER)
    // the frame's first page comes late (a slow machine): the language is picked while it
    // loads, and the frame must still end on the English home
    const home = (url: URL) => url.href === product.url(BDL, '/')
    const releaseHome = await holdBack(page, home)
    await page.getByRole('button', { name: t('fr', 'studio.nav.theme') }).click()
    const frame = await previewFrame(page)

    await section(page, 'home')
    await page.getByLabel(t('fr', 'studio.settings.textLanguage')).selectOption('en')
    releaseHome()
    await frameAt(frame, '/en/')
    expect(await slotText(frame, 'hero.0.title')).toBe(OLD_TITLE)
    const slide = (n: number) =>
      page.getByRole('group', { name: t('fr', 'studio.settings.home.slide', { n }) })
    const title = (n: number) =>
      slide(n).getByLabel(`${t('fr', 'studio.settings.home.title')} (en)`)
    await title(1).fill(TITLE)
    await expect.poll(() => slotText(frame, 'hero.0.title'), { timeout: 10_000 }).toBe(TITLE)
    // markup typed into a title is text on the page: no element, no handler
    await title(2).fill(MARKUP)
    await expect.poll(() => slotText(frame, 'hero.1.title'), { timeout: 10_000 }).toBe(MARKUP)
    expect(await frame.locator('.hero img[onerror], .hero img[src="x"]').count()).toBe(0)
    await expectAxeClean(page, 'studio settings, home texts')

    await section(page, 'menus')
    await frameAt(frame, '/en/')
    await page.getByLabel(`${t('fr', 'studio.settings.menus.label.services')} (en)`).fill(LABEL)
    await expect.poll(() => slotText(frame, 'menu.services'), { timeout: 10_000 }).toBe(LABEL)
    // one slot changed, the others keep the draft's texts
    expect(await slotText(frame, 'hero.0.title')).toBe(TITLE)

    await section(page, 'legal')
    await frameAt(frame, '/en/legal/')
    await page
      .getByLabel(`${t('fr', 'studio.settings.legal.cgv')} (en)`)
      .fill('<p><strong>New terms</strong></p><script>document.title="x"</script>')
    const strong = frame.locator('[data-preview-text="legal.cgv"] strong')
    await expect
      .poll(() => strong.textContent().catch(() => ''), { timeout: 10_000 })
      .toBe('New terms')
    expect(await frame.locator('[data-preview-text="legal.cgv"] script').count()).toBe(0)

    // nothing published: a visitor's page and the API keep the old texts
    const visitor = (await openPage(browser, DESKTOP, contexts)).page
    await visitor.goto(product.url(BDL, '/en/'))
    expect(await visitor.locator('.hero__title').first().textContent()).toBe(OLD_TITLE)
    expect(await visitor.locator('header').textContent()).not.toContain(LABEL)
    expect(await savedCompany()).toBe(saved)

    // "reset" takes the draft, and so the frame, back to what is saved
    await page.getByRole('button', { name: t('fr', 'studio.theme.reset') }).click()
    await section(page, 'home')
    await frameAt(frame, '/en/')
    await expect.poll(() => slotText(frame, 'hero.0.title'), { timeout: 10_000 }).toBe(OLD_TITLE)
    expect(await slotText(frame, 'menu.services')).not.toBe(LABEL)
  })
})
