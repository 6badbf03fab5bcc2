import { describe, expect, it } from 'vitest'
import type { SiteSnapshot } from '#contract/index'
import { createTranslator } from '#i18n/index'
import { demoSite } from '#support/tenant-snapshot'
import { buildNavigation } from './navigation'
import type { Site } from './site-model'

const nav = (site: Site, locale: 'fr' | 'en' = 'fr') =>
  buildNavigation(site, locale, createTranslator(locale))

const withoutLabels = (s: SiteSnapshot): SiteSnapshot => ({
  ...s,
  company: {
    ...s.company,
    menuLabels: { services: {}, boutique: {}, gift: {}, contact: {}, magazine: {} },
  },
})

describe('header, drawer and footer links (docs/product/2-screens.md)', () => {
  it('maison-lumiere: every module on, labels from the company', async () => {
    const n = nav(await demoSite('maison-lumiere.localhost'))
    expect(n.primary.map((l) => [l.id, l.label, l.href])).toEqual([
      ['services', 'Nos soins', '/services'],
      ['boutique', 'Boutique', '/boutique'],
      ['gift', 'Cartes cadeaux', '/gift'],
      ['magazine', 'Le journal', '/magazine'],
      ['contact', 'L’institut', '/contact'],
    ])
    expect(n.others.map((l) => l.label)).toEqual(['Nos réalisations', 'Recrutement'])
    expect(n.others.every((l) => l.external)).toBe(true)
    expect(n.primarySite).toBeUndefined()
  })

  it('names the live text preview slot of each label the company sets (decision 093)', async () => {
    const n = nav(await demoSite('maison-lumiere.localhost'), 'en')
    expect(n.primary[0]).toMatchObject({ slot: 'menu.services', fallback: 'Services' })
    expect(n.others[0]?.slot).toMatch(/^other\./)
    expect(n.bottom.left).toMatchObject({ slot: 'bottom.left', label: 'Treatments' })
    expect(n.bottom.home.slot).toBeUndefined()
  })

  it('localizes hrefs and labels', async () => {
    const n = nav(await demoSite('maison-lumiere.localhost'), 'en')
    expect(n.primary[0]).toMatchObject({ label: 'Treatments', href: '/en/services' })
    expect(n.legal.map((l) => l.href)).toEqual([
      '/en/legal#rgpd',
      '/en/legal#mentions',
      '/en/legal#cgv',
      '/en/legal#cgu',
    ])
  })

  it('labels contact My shop with one shop and My shops with several', async () => {
    const mono = nav(await demoSite('maison-lumiere.localhost', withoutLabels), 'en')
    expect(mono.primary.find((l) => l.id === 'contact')?.label).toBe('My shop')
    const multi = nav(await demoSite('bains-du-lac.localhost', withoutLabels), 'en')
    expect(multi.primary.find((l) => l.id === 'contact')?.label).toBe('My shops')
  })

  it('bains-du-lac: no boutique (shop module off), a primary-site link', async () => {
    const n = nav(await demoSite('bains-du-lac.localhost'))
    expect(n.primary.map((l) => l.id)).toEqual(['services', 'gift', 'magazine', 'contact'])
    expect(n.primarySite).toMatchObject({ label: 'Notre site', external: true })
  })

  it('hides the magazine when the locale has no post', async () => {
    const site = await demoSite('maison-lumiere.localhost', (s) => ({
      ...s,
      posts: s.posts.map((p) => ({ ...p, lang: ['fr' as const] })),
    }))
    expect(nav(site, 'fr').primary.some((l) => l.id === 'magazine')).toBe(true)
    expect(nav(site, 'en').primary.some((l) => l.id === 'magazine')).toBe(false)
    expect(nav(site, 'en').footer.some((l) => l.id === 'magazine')).toBe(false)
  })

  it('footer: gift, services, contact, magazine, press', async () => {
    const n = nav(await demoSite('maison-lumiere.localhost'))
    expect(n.footer.map((l) => l.id)).toEqual(['gift', 'services', 'contact', 'magazine', 'press'])
  })

  it('social icons only when active with a url', async () => {
    const n = nav(await demoSite('maison-lumiere.localhost'))
    expect(n.social.map((s) => s.network)).toEqual(['facebook', 'google', 'instagram'])
  })

  it('bottom navigation: company slots, defaults services and contact, home in the middle', async () => {
    const ml = nav(await demoSite('maison-lumiere.localhost'))
    expect([ml.bottom.left.id, ml.bottom.home.id, ml.bottom.right.id]).toEqual([
      'services',
      'home',
      'account',
    ])
    const bdl = nav(await demoSite('bains-du-lac.localhost'))
    expect([bdl.bottom.left.id, bdl.bottom.right.id]).toEqual(['services', 'contact'])
  })

  it('a bottom slot naming a module that is off falls back to its default', async () => {
    const site = await demoSite('bains-du-lac.localhost', (s) => ({
      ...s,
      company: {
        ...s.company,
        booker: {
          ...s.company.booker,
          navigation: {
            ...s.company.booker.navigation,
            mobile: {
              ...s.company.booker.navigation.mobile,
              bottomNavLeft: 'boutique',
              bottomNavRightInfo: { fr: 'Nous trouver' },
            },
          },
        },
      },
    }))
    const n = nav(site)
    expect(n.bottom.left.id).toBe('services')
    expect(n.bottom.right).toMatchObject({ id: 'contact', label: 'Nous trouver' })
  })
})
