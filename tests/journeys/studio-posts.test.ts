import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { t as tShop } from '#i18n/messages'
import { tStudio as t } from '#i18n/studio-messages'
import { launchBrowser } from '#support/browser'
import { expectAxeClean, ML, openPage, PHONE } from './support/account'
import { journeyProduct } from './support/product'
import { signInToStudio, staffHeaders, TABLET } from './support/studio'

/**
 * The magazine in the studio (docs/decisions/082-post-preview.md), staff and visitor side by
 * side on the demo salon: the owner writes a post in French and English, previews it on the
 * site (rendered at run time for a company user; a visitor with the same address sees nothing
 * of it), publishes it, the studio follows the page until it is live, and the storefront's
 * magazine lists it in both languages.
 */
const product = journeyProduct()
let browser: Browser
const contexts: BrowserContext[] = []
const OWNER = 'claire.dumas@maison-lumiere.example'
const STAMP = Date.now()
const TITLE = { fr: `Rituel d'hiver ${STAMP}`, en: `Winter ritual ${STAMP}` }
const SLUG = `rituel-d-hiver-${STAMP}`

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

async function writeLanguage(page: Page, language: string, title: string, text: string) {
  await page.getByRole('tab', { name: language }).click()
  const panel = page.getByRole('tabpanel')
  await panel.getByLabel(t('fr', 'studio.posts.titleField'), { exact: true }).fill(title)
  await panel.getByLabel(t('fr', 'studio.posts.description')).fill(`${text} — ${title}`)
  await panel.locator('.tiptap').click()
  await page.keyboard.type(text)
}

describe('studio: a post written, previewed, published and listed', () => {
  it('the owner writes it in fr and en, previews it, publishes it; the magazine lists it', async () => {
    const staff = await openPage(browser, TABLET, contexts)
    await staff.page.goto(product.url(ML, '/studio/'))
    await expect
      .poll(() => staff.page.getByRole('heading', { level: 1 }).textContent(), { timeout: 30_000 })
      .toBe(t('fr', 'studio.signIn.heading'))
    await signInToStudio(staff.page, 'fr', OWNER)
    await staff.page.getByRole('button', { name: t('fr', 'studio.nav.posts') }).click()
    await staff.page.getByRole('button', { name: t('fr', 'studio.posts.new') }).click()
    await writeLanguage(staff.page, t('fr', 'studio.posts.language.fr'), TITLE.fr, 'Un soin chaud')
    await writeLanguage(staff.page, t('fr', 'studio.posts.language.en'), TITLE.en, 'A warm care')
    await staff.page.getByRole('tab', { name: t('fr', 'studio.posts.language.fr') }).click()
    await staff.page.getByRole('button', { name: t('fr', 'studio.posts.slugFromTitle') }).click()
    const editor = staff.page.locator('.studio-post-editor')
    expect(await editor.getByLabel(t('fr', 'studio.posts.slug')).inputValue()).toBe(SLUG)
    await staff.page.locator('.studio-search-result__title').getByText(TITLE.fr).waitFor()
    await expectAxeClean(staff.page, 'post editor')

    // preview: saved as a draft, rendered at run time on the post's own address
    await staff.page.getByRole('button', { name: t('fr', 'studio.posts.preview') }).click()
    const link = staff.page.getByRole('link', { name: t('fr', 'studio.posts.openPreview') })
    await link.waitFor({ timeout: 30_000 })
    const previewUrl = (await link.getAttribute('href')) ?? ''
    expect(previewUrl).toContain(`/magazine/${SLUG}?previewpost=`)
    const preview = await staff.page.context().newPage()
    await preview.goto(previewUrl)
    await preview.getByRole('heading', { level: 1, name: TITLE.fr }).waitFor({ timeout: 30_000 })
    await preview.getByText(tShop('fr', 'postPreview.banner')).waitFor()
    expect(await preview.locator('article.post-preview').textContent()).toContain('Un soin chaud')

    // a visitor with the same address: refused, nothing of the draft shown
    const visitor = await openPage(browser, PHONE, contexts)
    await visitor.page.goto(previewUrl)
    await visitor.page.getByText(tShop('fr', 'postPreview.refused')).waitFor({ timeout: 30_000 })
    expect(await visitor.page.getByText(TITLE.fr).count()).toBe(0)

    // publish: the studio follows the page until the rebuilt site serves it
    await staff.page.getByRole('button', { name: t('fr', 'studio.posts.publish') }).click()
    await staff.page.getByText(t('fr', 'studio.posts.live.live')).waitFor({ timeout: 120_000 })
    await visitor.page.goto(product.url(ML, '/magazine/'))
    await visitor.page.getByText(TITLE.fr).first().waitFor({ timeout: 30_000 })
    await visitor.page.goto(product.url(ML, '/en/magazine/'))
    await visitor.page.getByText(TITLE.en).first().waitFor({ timeout: 30_000 })
    await visitor.page.goto(product.url(ML, `/en/magazine/${SLUG}`))
    await visitor.page.getByRole('heading', { level: 1, name: TITLE.en }).waitFor()
    // that publish rebuilt the post's pages alone: the sign-in page it left live still runs its
    // inline scripts (a violation of the policy fails this test)
    await visitor.page.goto(product.url(ML, '/auth/customer/login'))
    await visitor.page.getByLabel(tShop('fr', 'auth.email')).first().waitFor()
    // the studio's probes of the address before it was built are its only 404s
    const probe = `404 fetch ${product.url(ML, `/magazine/${SLUG}`)}`
    expect(staff.problems.filter((problem) => problem !== probe)).toEqual([])
    expect(staff.problems.length).toBeGreaterThan(0)
  }, 300_000)
})
