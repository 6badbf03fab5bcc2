import { describe, expect, it } from 'vitest'
import { demoSite } from '../../tests/support/tenant-snapshot'
import {
  categoryServices,
  featuredServices,
  listedCategories,
  priceIn,
  productGroups,
  servicePages,
  shopsOffering,
  upsellsOf,
} from './catalog'

describe('catalog listings (spec §5)', () => {
  it('hides drafts and upsell-only services', async () => {
    const site = await demoSite('maison-lumiere.localhost')
    const slugs = servicePages(site).map((p) => p.service.slug)
    expect(slugs).not.toContain('soin-led-regenerant') // draft
    expect(slugs).not.toContain('option-masque-collagene') // upsell only
    expect(slugs).toContain('soin-eclat-lumiere')
    for (const category of listedCategories(site)) {
      expect(categoryServices(site, category).length).toBeGreaterThan(0)
    }
  })

  it('offers upsell-only services as add-ons of their service', async () => {
    const site = await demoSite('maison-lumiere.localhost')
    const service = site.articleById.get('101')
    if (!service) throw new Error('101')
    expect(upsellsOf(site, service).map((a) => a.slug)).toEqual(['option-masque-collagene'])
    // weekprices replaced prices on load (contract), so 6800 is the price shown
    expect(priceIn(service)).toBe(6800)
  })

  it('lists a shop only the services it performs, at its own price', async () => {
    const site = await demoSite('bains-du-lac.localhost')
    const annemasse = site.allShops.find((s) => s.slug === 'annemasse')
    if (!annemasse) throw new Error('annemasse')
    const inShop = new Set(annemasse.articles.map((a) => a.id))
    for (const { service } of servicePages(site, annemasse))
      expect(inShop.has(service.id)).toBe(true)
    const service = servicePages(site, annemasse)[0]?.service
    if (!service) throw new Error('no service')
    const own = service.booker.pricesByShops.find((p) => p.boutiqueId === annemasse.id)
    expect(priceIn(service, annemasse)).toBe(own?.pvTtc ?? service.prices)
  })

  it('finds the shops of a service by slug', async () => {
    const site = await demoSite('bains-du-lac.localhost')
    const service = servicePages(site)[0]?.service
    if (!service) throw new Error('no service')
    const shops = shopsOffering(site, service)
    expect(shops.length).toBeGreaterThan(0)
    for (const shop of shops) expect(shop.articles.some((a) => a.slug === service.slug)).toBe(true)
  })

  it('features the hero service first', async () => {
    const site = await demoSite('maison-lumiere.localhost')
    expect(featuredServices(site)[0]?.id).toBe('101')
  })

  it('groups products by e-shop category, drafts hidden', async () => {
    const site = await demoSite('maison-lumiere.localhost')
    const groups = productGroups(site)
    expect(groups.map((g) => g.category?.slug)).toEqual(['soins', 'maison-et-cadeaux'])
    const slugs = groups.flatMap((g) => g.products.map((p) => p.slug))
    expect(slugs).not.toContain('brume-oreiller-lavande')
    expect(slugs).toHaveLength(8)
  })
})
