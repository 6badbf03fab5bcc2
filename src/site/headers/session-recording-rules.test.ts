import { describe, expect, it } from 'vitest'
import { tenantSnapshot } from '#support/tenant-snapshot'
import { contentSecurityPolicy } from './csp'
import { configuredThirdParties, siteInput } from './site-rules'

/**
 * docs/decisions/064-error-page-preview-and-shop-times.md: the session-recording script's hosts
 * are in the site's policy only when the company set a recorder the loader would load.
 */
const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? []

function policyWith(sessionRecording: unknown) {
  const maison = tenantSnapshot('maison-lumiere.localhost')
  const booker = { ...maison.company.booker, sessionRecording } as typeof maison.company.booker
  const snapshot = { ...maison, company: { ...maison.company, booker } }
  return {
    parties: configuredThirdParties(booker),
    csp: contentSecurityPolicy(siteInput(snapshot, [], {})),
  }
}

describe('the session-recording hosts follow the setting', () => {
  it('Hotjar: its script and collector hosts, nothing else of a recorder', () => {
    const { parties, csp } = policyWith({ provider: 'hotjar', id: '1234567' })
    expect(parties).toEqual(['hotjar'])
    expect(directive(csp, 'script-src')).toContain('https://static.hotjar.com')
    expect(directive(csp, 'connect-src')).toContain('wss://*.hotjar.com')
    expect(csp).not.toContain('clarity.ms')
  })

  it('Clarity: its tag and collector hosts', () => {
    const { parties, csp } = policyWith({ provider: 'clarity', id: 'abc123xyz' })
    expect(parties).toEqual(['clarity'])
    expect(directive(csp, 'script-src')).toContain('https://www.clarity.ms')
    expect(directive(csp, 'connect-src')).toContain('https://*.clarity.ms')
    expect(csp).not.toContain('hotjar')
  })

  it('none, or an id the loader refuses: no recorder host', () => {
    for (const setting of [undefined, { provider: 'hotjar', id: 'not-a-number' }]) {
      const { parties, csp } = policyWith(setting)
      expect(parties).toEqual([])
      expect(csp).not.toMatch(/hotjar|clarity/)
    }
  })
})
