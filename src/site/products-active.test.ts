import { describe, expect, it } from 'vitest'
import type { SiteSnapshot } from '#contract/index'
import { createTranslator } from '#i18n/index'
import { demoSite } from '#support/tenant-snapshot'
import { buildNavigation } from './navigation'
import { publicPages } from './routes'

/**
 * booker.products.active switches the e-shop's pages, menu entries and cart with it
 * (docs/decisions/063-last-partial-rows-of-the-api.md): maison-lumiere sells products with it on;
 * the same company with it off builds no boutique page and links none.
 */
const productsOff = (s: SiteSnapshot): SiteSnapshot => ({
  ...s,
  company: { ...s.company, booker: { ...s.company.booker, products: { active: false } } },
})

describe('the e-shop follows products.active', () => {
  it('on (the demo): the shop module, its pages and its menu entry are there', async () => {
    const site = await demoSite('maison-lumiere.localhost')
    expect(site.company.booker.products.active).toBe(true)
    expect(site.shopOn).toBe(true)
    expect(publicPages(site).some((p) => p.path.startsWith('/boutique'))).toBe(true)
    const nav = buildNavigation(site, 'fr', createTranslator('fr'))
    expect(nav.primary.map((l) => l.id)).toContain('boutique')
  })

  it('off: no shop module, no boutique page, no boutique link', async () => {
    const site = await demoSite('maison-lumiere.localhost', productsOff)
    expect(site.company.booker.eshopEnabled).toBe(true)
    expect(site.shopOn).toBe(false)
    expect(publicPages(site).some((p) => p.path.startsWith('/boutique'))).toBe(false)
    for (const locale of ['fr', 'en'] as const) {
      const nav = buildNavigation(site, locale, createTranslator(locale))
      expect(nav.primary.map((l) => l.id)).not.toContain('boutique')
    }
  })
})
