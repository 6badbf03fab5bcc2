import { describe, expect, it } from 'vitest'
import { demoSite } from '#support/tenant-snapshot'
import { siteOrigin } from './site-model'

describe('site model of the demo tenants', () => {
  it('maison-lumiere: mono, fr + en, shop module and gifts on', async () => {
    const site = await demoSite('maison-lumiere.localhost')
    expect(site.marketplace).toBe(false)
    expect(site.locales).toEqual(['fr', 'en'])
    expect(site.shopOn).toBe(true)
    expect(site.giftOn).toBe(true)
    expect(site.disabled).toBe('no')
    expect(site.origin).toBe('http://maison-lumiere.localhost:4321')
  })

  it('bains-du-lac: marketplace in five languages, no e-shop', async () => {
    const site = await demoSite('bains-du-lac.localhost')
    expect(site.marketplace).toBe(true)
    expect(site.locales).toEqual(['fr', 'en', 'es', 'it', 'de'])
    expect(site.shopOn).toBe(false)
    expect(site.giftOn).toBe(true)
    expect(site.allShops.map((s) => s.order)).toEqual(
      [...site.allShops.map((s) => s.order)].sort((a, b) => a - b),
    )
  })

  it('atelier-ferme: disabled, so its pages redirect', async () => {
    const site = await demoSite('atelier-ferme.localhost')
    expect(site.disabled).toBe('redirect')
    expect(site.giftOn).toBe(false)
  })

  it('a disabled company in debug mode gets the debug bar instead', async () => {
    const site = await demoSite('atelier-ferme.localhost', (s) => ({
      ...s,
      company: { ...s.company, isDebug: true },
    }))
    expect(site.disabled).toBe('debug')
  })

  it('the shop module needs the module level (version) as well as the payment rules', async () => {
    const site = await demoSite('maison-lumiere.localhost', (s) => ({
      ...s,
      company: { ...s.company, booker: { ...s.company.booker, eshopEnabled: false } },
    }))
    expect(site.shopOn).toBe(false)
  })

  it('gives no page to a shop whose slug the route tree uses', async () => {
    const site = await demoSite('bains-du-lac.localhost', (s) => ({
      ...s,
      shops: s.shops.map((shop, i) => (i === 0 ? { ...shop, slug: 'services' } : shop)),
    }))
    expect(site.allShops.some((s) => s.slug === 'services')).toBe(true)
    expect(site.shops.some((s) => s.slug === 'services')).toBe(false)
  })

  it('takes the origin from websiteURL, else https://host', () => {
    expect(siteOrigin('a.example', 'https://www.a.example/some/path')).toBe('https://www.a.example')
    expect(siteOrigin('a.example', undefined)).toBe('https://a.example')
    expect(siteOrigin('a.example', '/relative')).toBe('https://a.example')
  })
})
