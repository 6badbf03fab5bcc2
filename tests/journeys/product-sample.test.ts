import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { t } from '#i18n/index'
import { MAISON, siteBrowser } from './support/site'

/**
 * docs/decisions/064-error-page-preview-and-shop-times.md: a product page shows a random sample
 * of the other products (docs/product/9-constants.md, its size the caller's), and every page names
 * the company's icon with favicon.title.
 */
const site = siteBrowser()
afterEach(() => site.closeContexts())
afterAll(() => site.close())

const PRODUCTS = [
  'serum-eclat-vitamine-c',
  'creme-hydratante-acide-hyaluronique',
  'masque-argile-rose',
  'bougie-figue-cedre',
] as const

async function sampleOf(slug: string): Promise<string[]> {
  const { page } = await site.open(MAISON, { cookies: { 'preference-set': 'connection' } })
  await page.goto(site.url(MAISON, `/boutique/article/${slug}`))
  const section = page.getByRole('region', { name: t('fr', 'eshop.moreProducts') })
  await section.waitFor()
  return section
    .locator('a')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
}

describe('the random product sample', () => {
  it('three other products of the e-shop, never the page’s own, not the same on every page', async () => {
    const samples = []
    for (const slug of PRODUCTS) {
      const sample = await sampleOf(slug)
      expect(sample).toHaveLength(3)
      expect(new Set(sample).size).toBe(3)
      for (const path of sample) expect(path).toMatch(/^\/boutique\/article\/[\w-]+$/)
      expect(sample).not.toContain(`/boutique/article/${slug}`)
      samples.push(sample.join(' '))
    }
    // drawn per page: four pages do not all show the same three
    expect(new Set(samples).size).toBeGreaterThan(1)
  })
})

describe('favicon.title', () => {
  it('names the icon of every page (tenants/maison-lumiere.localhost: Maison Lumière)', async () => {
    const { page } = await site.open(MAISON, { cookies: { 'preference-set': 'connection' } })
    for (const path of ['/', '/en/services']) {
      await page.goto(site.url(MAISON, path))
      expect(await page.locator('meta[name="application-name"]').getAttribute('content')).toBe(
        'Maison Lumière',
      )
      expect(
        await page.locator('meta[name="apple-mobile-web-app-title"]').getAttribute('content'),
      ).toBe('Maison Lumière')
    }
  })
})
