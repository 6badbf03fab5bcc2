import { describe, expect, it } from 'vitest'
import { tenantSnapshot } from '#support/tenant-snapshot'
import { contentSecurityPolicy } from './csp'
import { configuredThirdParties, siteHeaderRules, siteInput } from './site-rules'

const connectOf = (csp: string) =>
  csp
    .split('; ')
    .find((directive) => directive.startsWith('connect-src '))
    ?.split(' ')
    .slice(1) ?? []

describe('the site policy follows what the company configured (decisions 019, 032)', () => {
  it('opens the error ingest and every marketing host only for a company that set them', () => {
    const bains = tenantSnapshot('bains-du-lac.localhost')
    const maison = tenantSnapshot('maison-lumiere.localhost')
    expect(configuredThirdParties(bains.company.booker)).toEqual([
      'googleAnalytics',
      'googleAds',
      'klaviyo',
      'optinMonster',
      'avisVerifies',
    ])
    expect(configuredThirdParties(maison.company.booker)).toEqual([])
    const bainsConnect = connectOf(contentSecurityPolicy(siteInput(bains, [], {})))
    expect(bainsConnect).toContain('https://errors.example.com')
    expect(bainsConnect).toContain('https://www.googleadservices.com')
    expect(connectOf(contentSecurityPolicy(siteInput(maison, [], {})))).toEqual(["'self'"])
  })

  it('opens nothing for a DSN the reporting would not use', () => {
    const bains = tenantSnapshot('bains-du-lac.localhost')
    const booker = { ...bains.company.booker, sentryDsn: 'http://key@errors.example.com/42' }
    const input = siteInput({ ...bains, company: { ...bains.company, booker } }, [], {})
    expect(connectOf(contentSecurityPolicy(input)).join(' ')).not.toContain('errors.example.com')
  })

  it("the customer's own visit pays a dearer move's difference: its pages allow the provider, the others not", () => {
    const maison = tenantSnapshot('maison-lumiere.localhost')
    const rules = siteHeaderRules(siteInput(maison, [], {}), 'stripe')
    const csp = (pattern: string) =>
      rules.find((rule) => rule.pattern === pattern)?.headers['Content-Security-Policy'] ?? ''
    for (const pattern of ['/profile/orders', '/en/payments/manage/*', '/panier']) {
      expect(csp(pattern)).toContain('https://js.stripe.com')
    }
    expect(csp('/*')).not.toContain('https://js.stripe.com')
  })
})
