import { describe, expect, it } from 'vitest'
import type { SiteSnapshot } from '#contract/site-snapshot'
import { tenantSnapshot } from '#support/tenant-snapshot'
import { type PageHeadersInput, pageHeaders } from './csp'
import { headersFor } from './headers-file'
import { mapsHeaderRules } from './maps-rules'

// docs/decisions/033-maps-after-consent.md: the maps provider's hosts only on the contact pages and a
// marketplace's home, only when the company configured the provider.
const input: PageHeadersInput = { thirdParties: ['googleAnalytics'] }
const site = pageHeaders(input)
const csp = (snapshot: SiteSnapshot, path: string) =>
  headersFor([{ pattern: '/*', headers: site }, ...mapsHeaderRules(input, snapshot)], path)[
    'Content-Security-Policy'
  ] ?? ''

const bains = tenantSnapshot('bains-du-lac.localhost')
const withoutMaps = (snapshot: SiteSnapshot): SiteSnapshot => ({
  ...snapshot,
  company: { ...snapshot.company, booker: { ...snapshot.company.booker, maps: undefined } },
})

describe('maps provider hosts in the _headers rules', () => {
  it('the contact page in every language and the marketplace home let Google Maps in', () => {
    for (const path of [
      '/contact',
      '/contact/',
      '/en/contact',
      '/it/contact/',
      '/',
      '/en',
      '/en/',
      '/annecy',
      '/en/chambery/',
    ]) {
      expect(csp(bains, path), path).toContain('script-src')
      expect(csp(bains, path), path).toMatch(/script-src [^;]*https:\/\/\*\.googleapis\.com/)
      expect(csp(bains, path), path).toContain('https://www.googletagmanager.com')
    }
  })

  it('every other page keeps the site policy', () => {
    for (const path of [
      '/annecy/services/x',
      '/services',
      '/en/panier',
      '/magazine/x',
      '/contactez',
    ]) {
      expect(csp(bains, path), path).toBe(site['Content-Security-Policy'])
    }
  })

  it('a mono site lets the provider in on its contact page only', () => {
    const mono = {
      ...bains,
      shops: bains.shops.slice(0, 1),
      company: {
        ...bains.company,
        booker: { ...bains.company.booker, homepageType: 'mono' as const },
      },
    }
    expect(csp(mono, '/contact')).toContain('googleapis')
    expect(csp(mono, '/')).toBe(site['Content-Security-Policy'])
  })

  it('nothing without a configured provider, or with a key of the wrong shape', () => {
    expect(mapsHeaderRules(input, withoutMaps(bains))).toEqual([])
    const bad = {
      ...bains,
      company: {
        ...bains.company,
        booker: {
          ...bains.company.booker,
          maps: { provider: 'google' as const, apiKey: 'x"; script-src *' },
        },
      },
    }
    expect(mapsHeaderRules(input, bad)).toEqual([])
  })
})
