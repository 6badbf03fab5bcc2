import { CONSENT_COOKIE } from '#stores/keys'

/**
 * Consent purposes (decision 008). `connection` is mandatory and always stored; the others are
 * switches of the cookie dialog. Kept free of framework imports: the vanilla third-party loader
 * every page runs reads them without bundling a store.
 * - analytics: audience measurement (Google Analytics, the session-recording script)
 * - marketing: advertising and customer marketing (Google Ads conversion, Klaviyo, OptinMonster)
 * - content: content embedded from another host (avis-verifies reviews widget, map embeds,
 *   tenant web fonts from a font host)
 */
export const OPTIONAL_PURPOSES = ['analytics', 'marketing', 'content'] as const
export type OptionalPurpose = (typeof OPTIONAL_PURPOSES)[number]
export const MANDATORY_PURPOSE = 'connection'

/** The third parties of the company settings, each with the one purpose that lets it load. */
export const THIRD_PARTY_PURPOSE = {
  googleAnalytics: 'analytics',
  /** the session-recording script (decision 064) measures the audience too */
  sessionRecording: 'analytics',
  googleAdsConversion: 'marketing',
  klaviyo: 'marketing',
  optinMonster: 'marketing',
  avisVerifies: 'content',
  maps: 'content',
  webFonts: 'content',
} as const satisfies Record<string, OptionalPurpose>
export type ThirdParty = keyof typeof THIRD_PARTY_PURPOSE

export function isOptionalPurpose(value: string): value is OptionalPurpose {
  return (OPTIONAL_PURPOSES as readonly string[]).includes(value)
}

/** The consent cookie's value ('connection.analytics...'), or undefined when it is not set. */
export function consentValue(cookieHeader: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === CONSENT_COOKIE) {
      const raw = part.slice(eq + 1).trim()
      try {
        return decodeURIComponent(raw)
      } catch {
        return raw
      }
    }
  }
  return undefined
}

/** The optional purposes a saved consent lists; unknown words are ignored. */
export function acceptedPurposes(value: string | undefined): Set<OptionalPurpose> {
  return new Set((value ?? '').split('.').filter(isOptionalPurpose))
}

/** Whether the consent in `cookieHeader` (document.cookie) allows `purpose`. */
export function purposeAllowed(cookieHeader: string, purpose: OptionalPurpose): boolean {
  return acceptedPurposes(consentValue(cookieHeader)).has(purpose)
}

/** Whether the consent in `cookieHeader` allows the third party to load. */
export function thirdPartyAllowed(cookieHeader: string, party: ThirdParty): boolean {
  return purposeAllowed(cookieHeader, THIRD_PARTY_PURPOSE[party])
}
