import { sameSitePath } from './safe-redirect'

/**
 * Social sign-in (docs/product/4-states.md, docs/product/7-calls.md "Social login with facebook
 * and google"; design in docs/decisions/031-social-sign-in-oidc.md): a button per provider the
 * company has an app key for (booker.oauthKeys) leads to the API's start route, which runs the
 * OpenID Connect authorization-code flow with the provider and comes back to the page named by
 * `return` with the outcome in the hash (`#social=signed-in`, `#social=linked` or
 * `#social-error=<errType>`: no secret ever travels in an address). After `signed-in` the page
 * asks POST /api/auth/social/session for the session, as a password login answers it.
 */
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const
export type SocialProviderName = (typeof SOCIAL_PROVIDERS)[number]

export type OauthKeys = Partial<Record<SocialProviderName, string | undefined>>

/** The providers to offer: only those with a non-empty key. */
export function socialProviders(keys: OauthKeys): SocialProviderName[] {
  return SOCIAL_PROVIDERS.filter((name) => (keys[name] ?? '').trim() !== '')
}

/** Where a social button leads: the API's start route (same site: the sites proxy /api). */
export function socialStartHref(
  provider: SocialProviderName,
  companyToken: string,
  returnTo: string,
): string {
  const query = new URLSearchParams({ company: companyToken, return: returnTo })
  return `/api/auth/${provider}/start?${query.toString()}`
}

/** The page to come back to: a path of this site, else the fallback (never another site). */
export function socialReturnPath(raw: string | null | undefined, fallback = '/'): string {
  const path = sameSitePath(raw)
  // the hash is ours to set on the way back
  return path === undefined ? fallback : path.replace(/#.*$/, '')
}

export type SocialOutcome =
  | { readonly kind: 'signed-in' }
  | { readonly kind: 'linked' }
  | { readonly kind: 'error'; readonly errType: string }

export function socialOutcomeHash(outcome: SocialOutcome): string {
  return outcome.kind === 'error'
    ? `#social-error=${encodeURIComponent(outcome.errType)}`
    : `#social=${outcome.kind}`
}

/** What the API put in the hash on the way back, if anything. */
export function readSocialOutcome(hash: string): SocialOutcome | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const done = params.get('social')
  if (done === 'signed-in' || done === 'linked') return { kind: done }
  const errType = params.get('social-error')
  if (errType && /^[A-Za-z]{1,40}$/.test(errType)) return { kind: 'error', errType }
  return undefined
}

/**
 * Whether the provider vouches for the e-mail of its ID token: `email_verified` true. Facebook's
 * ID tokens carry no such claim, and Facebook only releases an address its owner confirmed
 * (docs/decisions/031-social-sign-in-oidc.md): for it an absent claim counts as verified, an
 * explicit false never does.
 */
export function emailIsVerified(
  provider: SocialProviderName,
  claims: { readonly email?: unknown; readonly email_verified?: unknown },
): boolean {
  if (typeof claims.email !== 'string' || claims.email.trim() === '') return false
  if (claims.email_verified === true) return true
  return provider === 'facebook' && claims.email_verified === undefined
}

/**
 * A provider may be unlinked unless it is the account's last way in: no password and no other
 * provider (docs/api/calls.md "Social sign-in"). The API refuses it (409 `lastSignInMethod`);
 * the profile does not offer it.
 */
export function mayUnlink(input: {
  readonly hasPassword: boolean
  readonly linked: readonly SocialProviderName[]
  readonly provider: SocialProviderName
}): boolean {
  if (!input.linked.includes(input.provider)) return false
  return input.hasPassword || input.linked.length > 1
}
