import type { Browser, BrowserContext, Frame, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { tStudio as t } from '#i18n/studio-messages'
import { launchBrowser } from '#support/browser'
import { expectAxeClean, ML, openPage, PHONE } from './support/account'
import { journeyProduct } from './support/product'
import { signInToStudio, staffHeaders, studioPath, TABLET } from './support/studio'

/**
 * The site's theme and custom content in the studio (docs/decisions/084-collections-and-theme-
 * editor.md), on the demo salon: the owner changes the header colour, the framed storefront
 * follows before anything is saved (the computed colour inside the frame), then publishes and
 * the live site shows it after its rebuild; a content type and an item made in the studio
 * appear on their page after the rebuild. The theme and the collection are put back after.
 */
const product = journeyProduct()
let browser: Browser
const contexts: BrowserContext[] = []
const OWNER = 'claire.dumas@maison-lumiere.example'
const COLOUR = '#12a4c6'
const RGB = 'rgb(18, 164, 198)'
const TYPE = `equipe-${Date.now().toString(36)}`
let saved: unknown

async function ownerApi() {
  return staffHeaders(product, ML, OWNER)
}

beforeAll(async () => {
  browser = await launchBrowser()
  const { company, headers } = await ownerApi()
  saved = await (await fetch(`${product.apiUrl}/api/companies/${company}`, { headers })).json()
})
afterAll(async () => {
  const { company, headers } = await ownerApi()
  const { token: _token, ...body } = saved as Record<string, unknown>
  const put = { method: 'PUT', headers, body: JSON.stringify(body) }
  await fetch(`${product.apiUrl}/api/companies/${company}`, put)
  const items = await fetch(`${product.apiUrl}/api/collections/items/type/${TYPE}`, { headers })
  for (const item of (await items.json()) as { id: string }[]) {
    await fetch(`${product.apiUrl}/api/collections/items/${item.id}`, { method: 'DELETE', headers })
  }
  const schemas = await fetch(`${product.apiUrl}/api/collections/schemas`, { headers })
  for (const schema of (await schemas.json()) as { id: string; type: string }[]) {
    if (schema.type !== TYPE) continue
    await fetch(`${product.apiUrl}/api/collections/schemas/${schema.id}`, {
      method: 'DELETE',
      headers,
    })
  }
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await openPage(browser, viewport, contexts)
  await page.goto(product.url(ML, studioPath('fr')))
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 30_000 })
    .toBe(t('fr', 'studio.signIn.heading'))
  await signInToStudio(page, 'fr', OWNER)
  await page.getByRole('button', { name: t('fr', 'studio.nav.theme') }).waitFor({ timeout: 60_000 })
  return page
}

const headerColour = (frame: Frame | Page) =>
  frame.evaluate(() => {
    const header = document.querySelector('.header')
    return header ? getComputedStyle(header).backgroundColor : ''
  })

describe('studio: the site theme with a live preview, and custom content', () => {
  it('the frame follows a colour before saving; published, the live site shows it', async () => {
    const page = await signedIn(TABLET)
    await page.getByRole('button', { name: t('fr', 'studio.nav.theme') }).click()
    const frameElement = page.locator('iframe.studio-preview')
    await frameElement.waitFor({ timeout: 30_000 })
    const frame = await (await frameElement.elementHandle())?.contentFrame()
    if (!frame) throw new Error('no preview frame')
    await frame.waitForFunction(() => document.documentElement.dataset.preview === 'ready', null, {
      timeout: 30_000,
    })
    await expectAxeClean(page, 'studio site screen')
    const field = page
      .getByRole('group', { name: t('fr', 'studio.theme.light') })
      .getByLabel(t('fr', 'studio.theme.colour.headerColor'))
    await field.fill(COLOUR)
    await expect.poll(() => headerColour(frame), { timeout: 10_000 }).toBe(RGB)
    // nothing saved yet: the live site keeps its colour
    const visitor = (await openPage(browser, PHONE, contexts)).page
    await visitor.goto(product.url(ML, '/'))
    expect(await headerColour(visitor)).not.toBe(RGB)

    await page.getByRole('button', { name: t('fr', 'studio.theme.publish') }).click()
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: t('fr', 'studio.theme.published') })
            .count(),
        { timeout: 30_000 },
      )
      .toBe(1)
    await expect
      .poll(
        async () => {
          await visitor.reload()
          return headerColour(visitor)
        },
        { timeout: 180_000, interval: 2000 },
      )
      .toBe(RGB)
  })

  it('a content type and its item made in the studio appear on their page after the rebuild', async () => {
    const page = await signedIn(PHONE)
    await page.getByRole('button', { name: t('fr', 'studio.nav.collections') }).click()
    await page.getByLabel(t('fr', 'studio.collections.name'), { exact: true }).fill('Notre équipe')
    await page.getByLabel(t('fr', 'studio.collections.type')).fill(TYPE)
    await page.getByLabel(t('fr', 'studio.collections.fieldLabel', { n: '1' })).fill('Nom')
    await page.getByLabel(t('fr', 'studio.collections.fieldKey', { n: '1' })).fill('nom')
    await page.getByLabel(t('fr', 'studio.collections.fieldRequired')).check()
    await page.getByRole('button', { name: t('fr', 'studio.collections.createSchema') }).click()
    const heading = t('fr', 'studio.collections.items', { name: 'Notre équipe' })
    await page.getByRole('heading', { name: heading }).waitFor({ timeout: 30_000 })
    await page.getByRole('region', { name: heading }).getByLabel('Nom').fill('Léa Rousseau')
    await page.getByRole('button', { name: t('fr', 'studio.collections.addItem') }).click()
    await page.getByText('Léa Rousseau').waitFor({ timeout: 30_000 })
    await expectAxeClean(page, 'studio site screen')

    const visitor = (await openPage(browser, PHONE, contexts)).page
    await expect
      .poll(
        async () => {
          const res = await visitor.goto(product.url(ML, `/collections/${TYPE}`))
          if (res?.status() !== 200) return ''
          return (await visitor.locator('main').textContent()) ?? ''
        },
        { timeout: 180_000, interval: 2000 },
      )
      .toContain('Léa Rousseau')
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Notre équipe')
  })
})
