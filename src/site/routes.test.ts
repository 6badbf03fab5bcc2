import { describe, expect, it } from 'vitest'
import { demoSite } from '#support/tenant-snapshot'
import { publicPages } from './routes'

describe('public pages (sitemap)', () => {
  it('maison-lumiere lists home, services, shop, boutique, gift, magazine and legal pages', async () => {
    const pages = publicPages(await demoSite('maison-lumiere.localhost'))
    const paths = pages.map((p) => p.path)
    for (const path of [
      '/',
      '/services',
      '/services/soins-visage',
      '/services/soins-visage/soin-eclat-lumiere',
      '/institut-lyon',
      '/institut-lyon/services/soins-visage/soin-eclat-lumiere',
      '/boutique',
      '/boutique/article/serum-eclat-vitamine-c',
      '/gift',
      '/magazine',
      '/magazine/cinq-gestes-peau-lumineuse-hiver',
      '/contact',
      '/legal',
      '/presse',
    ]) {
      expect(paths, path).toContain(path)
    }
    expect(paths.some((p) => p.startsWith('/profile') || p.startsWith('/panier'))).toBe(false)
    expect(new Set(paths).size).toBe(paths.length)
    // a French-only post is listed in French only
    expect(
      pages.find((p) => p.path === '/magazine/faire-durer-son-semi-permanent')?.locales,
    ).toEqual(['fr'])
    // unpublished posts are not listed
    expect(paths).not.toContain('/magazine/bientot-le-soin-led')
  })

  it('bains-du-lac has no boutique pages (shop module off)', async () => {
    const paths = publicPages(await demoSite('bains-du-lac.localhost')).map((p) => p.path)
    expect(paths.some((p) => p.startsWith('/boutique'))).toBe(false)
    expect(paths).toContain('/annecy')
  })

  it('a disabled site lists its /disabled page only', async () => {
    const pages = publicPages(await demoSite('atelier-ferme.localhost'))
    expect(pages).toEqual([{ path: '/disabled', locales: ['fr', 'en'] }])
  })
})
