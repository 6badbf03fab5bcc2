/**
 * Social sign-in (docs/product/4-states.md, docs/product/7-calls.md "Social login with facebook and google"): a button per provider
 * the company has an app key for (booker.oauthKeys), linking to the passport service, which
 * runs the provider's consent screen and comes back to the login page with the identity in the
 * hash (`#provider=google&userID=…&accessToken=…&email=…`: never sent to a server by the
 * browser). The login page then calls POST /api/users/login/provider, whose server checks the
 * access token with the provider.
 */
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const
export type SocialProviderName = (typeof SOCIAL_PROVIDERS)[number]

export type OauthKeys = Partial<Record<SocialProviderName, string | undefined>>

/** The providers to offer: only those with a non-empty key. */
export function socialProviders(keys: OauthKeys): SocialProviderName[] {
  return SOCIAL_PROVIDERS.filter((name) => (keys[name] ?? '').trim() !== '')
}

export interface SocialLinkInput {
  /** the passport base address ('' = same origin) */
  passport: string
  provider: SocialProviderName
  appId: string
  companyToken: string
  /** absolute address of the login page to come back to */
  returnTo: string
}

export function socialLoginHref(input: SocialLinkInput): string {
  const query = new URLSearchParams({
    appId: input.appId,
    company: input.companyToken,
    redirect: input.returnTo,
  })
  return `${input.passport.replace(/\/+$/, '')}/passport/${input.provider}?${query.toString()}`
}

export interface SocialReturn {
  provider: SocialProviderName
  userID: string
  accessToken: string
  email: string
}

/** What the passport put in the hash on the way back, when it is complete. */
export function readSocialReturn(hash: string): SocialReturn | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const provider = params.get('provider')
  const userID = params.get('userID')?.trim()
  const accessToken = params.get('accessToken')?.trim()
  const email = params.get('email')?.trim()
  if (provider !== 'google' && provider !== 'facebook') return undefined
  if (!userID || !accessToken || !email) return undefined
  return { provider, userID, accessToken, email }
}
