import type { SocialProvider } from '#server/db/schema/index.ts'
import { Refusal } from '#server/kernel/index.ts'

/**
 * Social sign-in: the browser obtains a token from Google or Facebook and sends it with the
 * provider's user id; the server asks the provider who the token belongs to and which app it was
 * issued for, and never trusts the user id alone. The providers cannot be reached from tests
 * (nor from a machine without network), so the check sits behind this interface; the HTTP
 * implementation calls the providers' token-inspection endpoints at a configurable base URL,
 * which tests point at a local fake server.
 */
export interface VerifiedIdentity {
  /** The provider's id of the person ('sub' for Google, 'id' for Facebook). */
  readonly userId: string
  readonly email: string | undefined
  /** The provider vouches that the person owns this address. */
  readonly emailVerified: boolean
}

export interface SocialVerifier {
  /**
   * Who the token belongs to, or undefined when the provider refuses it or it was issued for
   * another app than `appId` (the company's oauthKeys entry). Throws 502 when the provider
   * cannot be reached.
   */
  verify(
    provider: SocialProvider,
    token: string,
    appId: string,
  ): Promise<VerifiedIdentity | undefined>
}

export interface HttpVerifierOptions {
  /** Google's OAuth2 API, https://oauth2.googleapis.com (GET /tokeninfo). */
  readonly googleUrl: string
  /** Facebook's Graph API, https://graph.facebook.com (GET /me and /app). */
  readonly facebookUrl: string
  readonly timeoutMs?: number
  readonly fetch?: typeof fetch
}

export const SOCIAL_DEFAULTS = {
  googleUrl: 'https://oauth2.googleapis.com',
  facebookUrl: 'https://graph.facebook.com',
} as const

const unreachable = () =>
  new Refusal(502, 'providerUnavailable', 'The sign-in provider cannot be reached, retry later.')

type Json = Record<string, unknown>

const text = (value: unknown) =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : undefined

/** A JWT (three base64url parts) is an ID token; anything else an access token. */
const isJwt = (token: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)

export function createHttpSocialVerifier(options: HttpVerifierOptions): SocialVerifier {
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 5000

  /** The JSON body of a 200; undefined for a 4xx (the provider refused the token). */
  async function getJson(url: URL): Promise<Json | undefined> {
    let response: Response
    try {
      response = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) })
    } catch {
      throw unreachable()
    }
    if (response.status >= 500) throw unreachable()
    if (!response.ok) return undefined
    const body = (await response.json().catch(() => undefined)) as unknown
    return typeof body === 'object' && body !== null ? (body as Json) : undefined
  }

  const endpoint = (base: string, path: string) => new URL(`${base.replace(/\/+$/, '')}${path}`)

  /**
   * Google's tokeninfo endpoint takes an ID token or an access token and answers its claims:
   * aud (and azp) name the client id it was issued to, sub the person, exp the expiry.
   */
  async function google(token: string, appId: string) {
    const url = endpoint(options.googleUrl, '/tokeninfo')
    url.searchParams.set(isJwt(token) ? 'id_token' : 'access_token', token)
    const info = await getJson(url)
    if (!info) return undefined
    const audience = [text(info.aud), text(info.azp), text(info.issued_to)]
    const userId = text(info.sub) ?? text(info.user_id)
    const exp = Number(text(info.exp) ?? Number.POSITIVE_INFINITY)
    if (!audience.includes(appId) || !userId || exp * 1000 <= Date.now()) return undefined
    const verified = info.email_verified ?? info.verified_email
    return {
      userId,
      email: text(info.email),
      emailVerified: verified === true || verified === 'true',
    }
  }

  /**
   * Facebook: /me with the token says whose it is; /app with the same token says which app it
   * was issued for (a token of another site must not sign anybody in here). Facebook only
   * returns a confirmed primary address as `email`.
   */
  async function facebook(token: string, appId: string) {
    const me = endpoint(options.facebookUrl, '/me')
    me.searchParams.set('fields', 'id,email')
    me.searchParams.set('access_token', token)
    const app = endpoint(options.facebookUrl, '/app')
    app.searchParams.set('access_token', token)
    const [person, issuer] = await Promise.all([getJson(me), getJson(app)])
    const userId = text(person?.id)
    if (!person || !issuer || !userId || text(issuer.id) !== appId) return undefined
    const email = text(person.email)
    return { userId, email, emailVerified: email !== undefined }
  }

  return {
    verify: (provider, token, appId) =>
      provider === 'google' ? google(token, appId) : facebook(token, appId),
  }
}

/**
 * The verifier of the running API, from SOCIAL_GOOGLE_URL and SOCIAL_FACEBOOK_URL (defaults: the
 * real providers). Read when used, so a test can point them at its fake server.
 */
export function socialVerifierFromEnv(env: NodeJS.ProcessEnv = process.env): SocialVerifier {
  return createHttpSocialVerifier({
    googleUrl: env.SOCIAL_GOOGLE_URL || SOCIAL_DEFAULTS.googleUrl,
    facebookUrl: env.SOCIAL_FACEBOOK_URL || SOCIAL_DEFAULTS.facebookUrl,
  })
}
