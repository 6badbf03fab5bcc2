import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { freshIdentity, registerByApi } from './support/account'
import { companyTokenOf } from './support/booking'
import { journeyProduct } from './support/product'
import { staffToken } from './support/shop-gift'
import { BAINS, MAISON, siteBrowser } from './support/site'

/**
 * Theme preview at run time (docs/decisions/064-error-page-preview-and-shop-times.md): the back
 * office keeps an unpublished theme (POST /api/companies/preview) and opens the static site with
 * `?previewtheme=<token>`; a signed-in company user of that company sees the kept theme at once,
 * without a rebuild and without the cookie dialog; anyone else sees the published theme.
 */
const product = journeyProduct()
const site = siteBrowser()
afterEach(() => site.closeContexts())
afterAll(() => site.close())

const KEPT = '#c0ffee'

async function keepTheme(): Promise<string> {
  const res = await fetch(`${product.apiUrl}/api/companies/preview`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      company: await companyTokenOf(product.apiUrl, BAINS),
      authorization: `Bearer ${await staffToken(product, BAINS)}`,
    },
    body: JSON.stringify({
      themes: {
        general: { light: { buttonsColor: KEPT } },
        customCss: 'main{outline:1px solid #c0ffee}',
      },
    }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { previewToken: string }).previewToken
}

/** A session kept as src/stores/session.ts keeps a provider's, before any page script runs. */
async function asProvider(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((value) => localStorage.setItem('auth.provider', value), token)
}

const buttonColour = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--c-button').trim().toLowerCase(),
  )

async function openPreview(token: string, session?: string) {
  const opened = await site.open(BAINS)
  if (session) await asProvider(opened.context, session)
  await opened.page.goto(site.url(BAINS, `/services?previewtheme=${token}`))
  await opened.page.waitForFunction(() => document.documentElement.dataset.previewCompany)
  return opened
}

describe('a kept theme previewed at run time', () => {
  it('the company user sees it, without the cookie dialog; the published site is unchanged', async () => {
    const token = await keepTheme()
    const { page, errors } = await openPreview(token, await staffToken(product, BAINS))
    expect(await page.locator('html').getAttribute('data-preview-company')).toBe('applied')
    expect(await buttonColour(page)).toBe(KEPT)
    expect(
      await page.evaluate(
        () => getComputedStyle(document.querySelector('main') as Element).outlineColor,
      ),
    ).toBe('rgb(192, 255, 238)')
    // docs/product/2-screens.md cookie dialog: hidden in theme preview
    expect(await page.getByRole('dialog').count()).toBe(0)
    // a page reached from the preview keeps it
    expect(new URL(page.url()).searchParams.get('previewtheme')).toBe(token)
    expect(errors).toEqual([])

    const visitor = await site.open(BAINS)
    await visitor.page.goto(site.url(BAINS, '/services'))
    expect(await buttonColour(visitor.page)).not.toBe(KEPT)
  })

  it('no session, a customer, or another company’s user: the published theme', async () => {
    const token = await keepTheme()
    const signedOut = await openPreview(token)
    expect(await signedOut.page.locator('html').getAttribute('data-preview-company')).toBe(
      'signed-out',
    )
    expect(await buttonColour(signedOut.page)).not.toBe(KEPT)

    const customer = await registerByApi(product, BAINS, freshIdentity('preview-customer'))
    const other = await staffToken(product, MAISON)
    for (const session of [customer, other, 'not-a-real-session-token']) {
      const { page } = await openPreview(token, session)
      expect(await buttonColour(page)).not.toBe(KEPT)
    }
  })
})
