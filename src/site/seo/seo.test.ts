import { describe, expect, it } from 'vitest'
import { demoSite } from '#support/tenant-snapshot'
import { priceSpanOn } from '../catalog'
import { contextFor } from '../page-context'
import { publicPages } from '../routes'
import { headTags } from './head'
import { jsonLdText, openingHoursSpecification, productLd, serviceLd } from './json-ld'
import { robotsTxt } from './robots'
import { rssXml } from './rss'
import { homeLd, shopLd } from './site-ld'
import { sitemapXml } from './sitemap'

describe('JSON-LD', () => {
  it('cannot close its script element, and still parses to the same data', () => {
    const data = { name: '</script><script>alert(1)</script> & <!-- x', n: 'a\u2028b' }
    const text = jsonLdText(data)
    expect(text).not.toMatch(/<|>|&/)
    expect(JSON.parse(text)).toEqual(data)
  })

  // docs/decisions/060-structured-data.md: the company's business type, here a DaySpa
  it('describes a shop as its company’s business type with address, geo and opening hours', async () => {
    const site = await demoSite('bains-du-lac.localhost')
    const annecy = site.allShops.find((s) => s.slug === 'annecy')
    if (!annecy) throw new Error('annecy')
    const ld = shopLd(contextFor(site, 'fr', '/annecy'), annecy)
    expect(ld).toMatchObject({
      '@type': 'DaySpa',
      address: { '@type': 'PostalAddress', addressLocality: 'Annecy', postalCode: '74000' },
      geo: { '@type': 'GeoCoordinates', latitude: 45.905, longitude: 6.136 },
    })
    // monday is a 'pause' day: two ranges around the break
    const monday = openingHoursSpecification(annecy).filter((s) =>
      String(s.dayOfWeek).endsWith('Monday'),
    )
    expect(monday.map((s) => [s.opens, s.closes])).toEqual([
      ['10:00', '12:30'],
      ['14:00', '19:00'],
    ])
  })
  // docs/decisions/060-structured-data.md: the mono home is its one place, of the company's type
  it('gives the mono home one BeautySalon with the company’s identity and the shop’s details', async () => {
    const site = await demoSite('maison-lumiere.localhost')
    const [home, ...rest] = homeLd(contextFor(site, 'en', '/'))
    expect(rest).toEqual([])
    expect(home).toMatchObject({
      '@type': 'BeautySalon',
      '@id': 'http://maison-lumiere.localhost:4321/#organization',
      name: 'Maison Lumière',
      url: 'http://maison-lumiere.localhost:4321',
      logo: 'http://maison-lumiere.localhost:4321/storage/maison-lumiere.localhost/images/logo.svg',
      sameAs: [
        'https://www.facebook.com/maisonlumiere.lyon',
        'https://maps.google.com/?cid=4527316518230512731',
        'https://www.instagram.com/maisonlumiere.lyon',
      ],
      address: { '@type': 'PostalAddress', streetAddress: '18 rue Auguste Comte' },
      geo: { '@type': 'GeoCoordinates', latitude: 45.7548, longitude: 4.8285 },
      telephone: '+33 4 78 42 16 30',
      potentialAction: {
        '@type': 'ReserveAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: 'http://maison-lumiere.localhost:4321/en/institut-lyon',
        },
      },
    })
    const [lyon] = site.allShops
    if (!lyon) throw new Error('institut-lyon')
    expect(home?.openingHoursSpecification).toEqual(openingHoursSpecification(lyon))
  })

  it('gives the marketplace home the Organization and each shop as its DaySpa branch', async () => {
    const site = await demoSite('bains-du-lac.localhost')
    const [org, ...places] = homeLd(contextFor(site, 'fr', '/'))
    const orgId = 'http://bains-du-lac.localhost:4321/#organization'
    expect(org).toMatchObject({ '@type': 'Organization', '@id': orgId, name: 'Les Bains du Lac' })
    expect(org?.sameAs).toHaveLength(4)
    expect(places.map((p) => p.name)).toEqual(site.allShops.map((s) => s.publicInfo.name))
    for (const place of places) {
      expect(place).toMatchObject({ '@type': 'DaySpa', parentOrganization: { '@id': orgId } })
      expect(place.address).toBeDefined()
      expect(place.geo).toBeDefined()
      expect(place.openingHoursSpecification).toBeDefined()
      expect(place.telephone).toBeDefined()
    }
    // annemasse takes no booking online: no ReserveAction, the others have theirs
    const action = (slug: string) =>
      places.find((p) => p.url === `http://bains-du-lac.localhost:4321/${slug}`)?.potentialAction
    expect(action('annemasse')).toBeUndefined()
    expect(action('annecy')).toMatchObject({
      target: { urlTemplate: 'http://bains-du-lac.localhost:4321/annecy' },
    })
  })
})

describe('JSON-LD offers (decision 011)', () => {
  it('a service at one price is an Offer at the shop’s price, not the list price', async () => {
    const site = await demoSite('maison-lumiere.localhost')
    const service = site.articleById.get('101') // listed 68 €, institut-lyon charges 75 €
    if (!service) throw new Error('101')
    const ctx = { origin: site.origin, locale: 'fr' as const, asset: site.asset }
    const ld = serviceLd(ctx, site.company, service, priceSpanOn(site, service), 'https://x/s')
    expect(ld.offers).toEqual({
      '@type': 'Offer',
      url: 'https://x/s',
      price: '75.00',
      priceCurrency: 'EUR',
    })
    const product = site.articleById.get('201')
    if (!product) throw new Error('201')
    const offer = productLd(ctx, site.company, product, { min: 3900, max: 3900 }, 'https://x/p')
    expect(offer.offers).toMatchObject({ '@type': 'Offer', price: '39.00' })
  })

  it('a service whose shops differ is an AggregateOffer from the lowest to the highest', async () => {
    const site = await demoSite('bains-du-lac.localhost')
    const hammam = site.articleById.get('101') // 32 € (chambery) to 41 € (evian)
    if (!hammam) throw new Error('101')
    const ctx = { origin: site.origin, locale: 'fr' as const, asset: site.asset }
    expect(serviceLd(ctx, site.company, hammam, priceSpanOn(site, hammam), 'u').offers).toEqual({
      '@type': 'AggregateOffer',
      url: 'u',
      lowPrice: '32.00',
      highPrice: '41.00',
      priceCurrency: 'EUR',
    })
    const evian = site.allShops.find((s) => s.slug === 'evian-les-bains')
    const atEvian = serviceLd(ctx, site.company, hammam, priceSpanOn(site, hammam, evian), 'u')
    expect(atEvian.offers).toMatchObject({ '@type': 'Offer', price: '41.00' })
  })
})

describe('head tags', () => {
  it('builds title, canonical and hreflang alternates with x-default on French', async () => {
    const site = await demoSite('maison-lumiere.localhost')
    const head = headTags(contextFor(site, 'en', '/services'), { title: 'Treatments' })
    expect(head.title).toBe('Treatments | Maison Lumière, institut de beauté à Lyon')
    expect(head.canonical).toBe('http://maison-lumiere.localhost:4321/en/services')
    expect(head.alternates).toEqual([
      { hreflang: 'fr-FR', href: 'http://maison-lumiere.localhost:4321/services' },
      { hreflang: 'en-GB', href: 'http://maison-lumiere.localhost:4321/en/services' },
      { hreflang: 'x-default', href: 'http://maison-lumiere.localhost:4321/services' },
    ])
    expect(head.meta).toContainEqual({ property: 'og:locale', content: 'en_GB' })
    expect(head.meta).toContainEqual({ property: 'og:locale:alternate', content: 'fr_FR' })
  })

  it('uses the fallback title alone without a page title, and no alternates when noindex', async () => {
    const site = await demoSite('maison-lumiere.localhost')
    const head = headTags(contextFor(site, 'fr', '/panier'), { noindex: true })
    expect(head.title).toBe('Réservation en ligne')
    expect(head.alternates).toEqual([])
    expect(head.robots).toBe('noindex')
  })

  it('points a duplicate at its canonical page', async () => {
    const site = await demoSite('maison-lumiere.localhost')
    const head = headTags(contextFor(site, 'fr', '/bonscadeaux'), { canonicalPath: '/gift' })
    expect(head.canonical).toBe('http://maison-lumiere.localhost:4321/gift')
  })

  it('limits alternates to the locales a page exists in', async () => {
    const site = await demoSite('bains-du-lac.localhost')
    const head = headTags(contextFor(site, 'fr', '/magazine/horaires-des-fetes', ['fr', 'en']), {})
    expect(head.alternates.map((a) => a.hreflang)).toEqual(['fr-FR', 'en-GB', 'x-default'])
  })
})

describe('sitemap.xml', () => {
  it('lists every public page per locale with its xhtml alternates', async () => {
    const site = await demoSite('maison-lumiere.localhost')
    const xml = sitemapXml(site.origin, publicPages(site))
    expect(xml).toContain('<loc>http://maison-lumiere.localhost:4321/en/services</loc>')
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="http://maison-lumiere.localhost:4321/services"/>',
    )
    expect(xml).not.toContain('/profile')
    const urls = xml.match(/<url>/g)?.length ?? 0
    const expected = publicPages(site).reduce((n, p) => n + p.locales.length, 0)
    expect(urls).toBe(expected)
  })

  // docs/decisions/084-collections-and-theme-editor.md: a collection with a page is indexed
  it('lists the collections with a page of their own, in every language, and not the others', async () => {
    const schema = (type: string, page: boolean) => ({
      id: type,
      type,
      name: { fr: type },
      description: {},
      fields: [
        {
          key: 'name',
          kind: 'text' as const,
          label: { fr: 'Nom' },
          translated: false,
          required: true,
        },
      ],
      layout: 'cards' as const,
      page,
      home: !page,
      order: 0,
    })
    const site = await demoSite('maison-lumiere.localhost', (s) => ({
      ...s,
      collections: [
        { schema: schema('equipe', true), items: [] },
        { schema: schema('accueil-seul', false), items: [] },
      ],
    }))
    const xml = sitemapXml(site.origin, publicPages(site))
    for (const locale of site.locales) {
      const prefix = locale === 'fr' ? '' : `/${locale}`
      expect(xml).toContain(`<loc>${site.origin}${prefix}/collections/equipe</loc>`)
    }
    expect(xml).not.toContain('/collections/accueil-seul')
  })

  it('escapes what XML needs escaped', () => {
    expect(sitemapXml('https://a.example', [{ path: '/a&b', locales: ['fr'] }])).toContain(
      '<loc>https://a.example/a&#38;b</loc>',
    )
  })
})

describe('robots.txt', () => {
  it('allows public pages and disallows the private ones under every locale prefix', () => {
    const txt = robotsTxt('https://a.example', ['fr', 'en'], false)
    expect(txt).toContain('Allow: /\n')
    for (const path of ['/profile', '/panier', '/payments', '/auth', '/en/profile', '/en/auth']) {
      expect(txt).toContain(`Disallow: ${path}\n`)
    }
    expect(txt).toContain('Sitemap: https://a.example/sitemap.xml')
  })

  it('restores the root-only rule when the company asks', () => {
    const txt = robotsTxt('https://a.example', ['fr'], true)
    expect(txt).toContain('Allow: /$\nDisallow: /\n')
  })
})

describe('RSS', () => {
  it('escapes titles and writes RFC 822 dates', () => {
    const xml = rssXml({
      title: 'A & B',
      link: 'https://a.example/magazine',
      description: '<p>',
      language: 'fr-FR',
      self: 'https://a.example/rss.xml',
      items: [
        {
          title: '<script>',
          link: 'https://a.example/magazine/x',
          guid: 'https://a.example/magazine/x',
          description: 'd',
          published: '2026-11-21T09:00:00+01:00',
        },
      ],
    })
    expect(xml).toContain('<title>A &#38; B</title>')
    expect(xml).toContain('<title>&#60;script&#62;</title>')
    expect(xml).toContain('<pubDate>Sat, 21 Nov 2026 08:00:00 GMT</pubDate>')
  })
})
