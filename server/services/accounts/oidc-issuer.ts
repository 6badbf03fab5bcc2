import * as oidc from 'openid-client'
import type { CompanyRow, SocialProvider } from '#server/db/schema/index.ts'
import { Refusal, secretsFor } from '#server/kernel/index.ts'
import { appIdOf } from './social-accounts.ts'

/**
 * The OpenID Connect client of one company for one provider (openid-client): the issuer from the
 * configuration (OIDC_GOOGLE_ISSUER, OIDC_FACEBOOK_ISSUER), the client id from the company's
 * booker.oauthKeys (public: GET /api/companies/me sends it to browsers), the client secret from
 * the environment like payment secrets, OIDC_<PROVIDER>_CLIENT_SECRET[__<COMPANY>]
 * (docs/decisions/031-social-sign-in-oidc.md). The issuer's discovery document is kept ten
 * minutes per issuer and client: configuration, not the state of a sign-in.
 */
const DISCOVERY_TTL_MS = 10 * 60_000
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>()

export const SCOPES: Readonly<Record<SocialProvider, string>> = {
  google: 'openid email profile',
  facebook: 'openid email',
}

const unavailable = () =>
  new Refusal(502, 'providerUnavailable', 'The sign-in provider cannot be reached, retry later.')

export async function issuerClient(
  company: CompanyRow,
  provider: SocialProvider,
  issuers: Readonly<Record<SocialProvider, string>>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<oidc.Configuration> {
  const clientId = appIdOf(company, provider)
  const secret = secretsFor(company, env)(`OIDC_${provider.toUpperCase()}_CLIENT_SECRET`)
  const issuer = new URL(issuers[provider])
  // plain http only for an issuer on this machine (tests, development)
  const insecure = issuer.protocol === 'http:'
  if (insecure && !LOOPBACK.has(issuer.hostname)) throw unavailable()
  const key = JSON.stringify([issuer.href, clientId, secret ?? ''])
  const hit = discovered.get(key)
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config
  const config = oidc.discovery(
    issuer,
    clientId,
    secret,
    secret === undefined ? oidc.None() : oidc.ClientSecretPost(secret),
    { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: 5 },
  )
  discovered.set(key, { at: Date.now(), config })
  try {
    return await config
  } catch {
    discovered.delete(key)
    throw unavailable()
  }
}
