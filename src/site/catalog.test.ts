import { describe, expect, it } from 'vitest'
import { demoSite } from '#support/tenant-snapshot'
import {
  categoryServices,
  featuredServices,
  listedCategories,
  priceSpanOn,
  productGroups,
  servicePages,
  shopServiceShortPages,
  shopsOffering,
  shownPrice,
  upsellsOf,
} from './catalog'

describe('catalog listings (docs/product/5-rules.md)', () => {
  it('/:shop/services/:service: each service of the shop once, with its first category', async () => {
    const site = await demoSite('bains-du-lac.localhost')
    const shop = site.allShops.find((s) => s.slug === 'annemasse')
    if (!shop) throw new Error('annemasse')
    const short = shopServiceShortPages(site, shop)
    const full = servicePages(site, shop)
    const slugs = short.map((page) => page.service.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    expect(new Set(slugs)).toEqual(new Set(full.map((page) => page.service.slug)))
    for (const page of short) {
      expect(full.find((p) => p.service.slug === page.service.slug)?.category).toBe(page.category)
    }
  })

  it('/:shop/services/:slug stays the category when a service has the same slug', async () => {
    const site = await demoSite('maison-lumiere.localhost')
    const shop = site.allShops[0]
    const category = shop ? listedCategories(site, shop)[0] : undefined
    const page = shop ? servicePages(site, shop)[0] : undefined
    if (!shop || !category || !page) throw new Error('no shop service')
    // a service renamed to the category's slug: the category keeps the address
    const renamed = { ...page.service, slug: category.slug }
    const clash = {
      ...site,
      articleById: new Map([...site.articleById, [renamed.id, renamed]]),
    }
    expect(shopServiceShortPages(clash, shop).map((p) => p.service.slug)).not.toContain(
      category.slug,
    )
    expect(shopServiceShortPages(site, shop).map((p) => p.service.slug)).toContain(
      page.service.slug,
    )
  })

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
    // docs/decisions/011-price-rule.md: listed at 6800, the one shop charges its own 7500: the page
    // shows 7500
    expect(service.prices).toBe(6800)
    expect(shownPrice(site, service)).toEqual({ amount: 7500, from: false })
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
    expect(shownPrice(site, service, annemasse)).toEqual({
      amount: own?.pvTtc ?? service.prices,
      from: false,
    })
  })

  it('docs/decisions/011-price-rule.md: off a shop page, "from" the lowest offering shop where they differ', async () => {
    const site = await demoSite('bains-du-lac.localhost')
    const hammam = site.articleById.get('101') // acces-hammam: list 2900, shops 3200..4100
    if (!hammam) throw new Error('101')
    const slugs = shopsOffering(site, hammam).map((s) => s.slug)
    expect(slugs).toEqual(['annecy', 'evian-les-bains', 'aix-les-bains', 'chambery', 'lyon'])
    expect(priceSpanOn(site, hammam)).toEqual({ min: 3200, max: 4100 })
    expect(shownPrice(site, hammam)).toEqual({ amount: 3200, from: true })
    const option = site.articleById.get('191') // the same 2000 everywhere
    if (!option) throw new Error('191')
    expect(shownPrice(site, option)).toEqual({ amount: 2000, from: false })
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
