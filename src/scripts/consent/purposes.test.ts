import { describe, expect, it } from 'vitest'
import {
  acceptedPurposes,
  consentValue,
  OPTIONAL_PURPOSES,
  purposeAllowed,
  THIRD_PARTY_PURPOSE,
  thirdPartyAllowed,
} from './purposes'

describe('consent purposes (decision 008)', () => {
  it('gives every third party of the company settings one optional purpose', () => {
    expect(THIRD_PARTY_PURPOSE).toEqual({
      googleAnalytics: 'analytics',
      sessionRecording: 'analytics',
      googleAdsConversion: 'marketing',
      klaviyo: 'marketing',
      optinMonster: 'marketing',
      avisVerifies: 'content',
      maps: 'content',
      webFonts: 'content',
    })
    for (const purpose of Object.values(THIRD_PARTY_PURPOSE)) {
      expect(OPTIONAL_PURPOSES).toContain(purpose)
    }
  })

  it('reads the consent cookie among others, encoded or not', () => {
    expect(consentValue('a=1; preference-set=connection.analytics; b=2')).toBe(
      'connection.analytics',
    )
    expect(consentValue('preference-set=connection%2Emarketing')).toBe('connection.marketing')
    expect(consentValue('preference-set=%E0%A4%A')).toBe('%E0%A4%A')
    expect(consentValue('other-preference-set=x')).toBeUndefined()
  })

  it('allows only what the cookie lists; nothing before an answer, nothing for connection', () => {
    expect(purposeAllowed('', 'analytics')).toBe(false)
    expect(purposeAllowed('preference-set=connection', 'analytics')).toBe(false)
    expect(purposeAllowed('preference-set=connection.analytics', 'analytics')).toBe(true)
    expect(purposeAllowed('preference-set=connection.analytics', 'marketing')).toBe(false)
    expect(thirdPartyAllowed('preference-set=connection.marketing', 'klaviyo')).toBe(true)
    expect(thirdPartyAllowed('preference-set=connection.marketing', 'googleAnalytics')).toBe(false)
    expect(thirdPartyAllowed('preference-set=connection.content', 'maps')).toBe(true)
    expect([...acceptedPurposes('connection.content.evil.analytics')]).toEqual([
      'content',
      'analytics',
    ])
  })
})
