import { eq } from 'drizzle-orm'
import * as oidc from 'openid-client'
import type { ApiErrorType } from '#contract/error.ts'
import { emailIsVerified, type SocialOutcome, socialOutcomeHash } from '#domain/account/social.ts'
import { type CompanyRow, companies, type SocialProvider } from '#server/db/schema/index.ts'
import { badRequest, Refusal } from '#server/kernel/index.ts'
import type { ServiceDeps } from '#server/services/deps.ts'
import { issueToken } from '../auth/index.ts'
import { seal, unseal } from './oidc-cookie.ts'
import { issuerClient, SCOPES } from './oidc-issuer.ts'
import { findAccount } from './repository.ts'
import { accountForIdentity, linkedProviders, linkIdentity } from './social-accounts.ts'

/**
 * The OpenID Connect authorization-code flow of social sign-in, with PKCE, state and nonce
 * (docs/decisions/031-social-sign-in-oidc.md). `begin` answers the issuer's address and the
 * sealed flow cookie; `complete` checks the callback against that cookie, exchanges the code,
 * validates the ID token (openid-client: signature, issuer, audience, expiry, nonce) and answers
 * where to send the browser, with the sealed result cookie after a sign-in.
 */
export const FLOW_TTL_MS = 10 * 60_000
export const RESULT_TTL_MS = 2 * 60_000

type Deps = Pick<ServiceDeps, 'db' | 'config'>
export type FlowMode = 'login' | 'link'

interface Flow {
  readonly companyId: number
  readonly provider: SocialProvider
  readonly mode: FlowMode
  readonly accountId: string | undefined
  readonly state: string
  readonly nonce: string
  readonly verifier: string
  /** the site's origin as the browser saw it, and the path to come back to */
  readonly origin: string
  readonly returnTo: string
}

export const callbackPath = (provider: SocialProvider) => `/api/auth/${provider}/callback`

export async function beginSocialFlow(
  deps: Deps,
  input: {
    company: CompanyRow
    provider: SocialProvider
    mode: FlowMode
    accountId?: string
    origin: string
    returnTo: string
  },
): Promise<{ location: string; cookie: string }> {
  const client = await issuerClient(input.company, input.provider, deps.config.oidcIssuers)
  const verifier = oidc.randomPKCECodeVerifier()
  const flow: Flow = {
    companyId: input.company.id,
    provider: input.provider,
    mode: input.mode,
    accountId: input.accountId,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    origin: input.origin,
    returnTo: input.returnTo,
  }
  const location = oidc.buildAuthorizationUrl(client, {
    redirect_uri: `${flow.origin}${callbackPath(flow.provider)}`,
    scope: SCOPES[flow.provider],
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  })
  return {
    location: location.href,
    cookie: seal(deps.config.notificationKey, 'oidc-flow', flow, FLOW_TTL_MS),
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : '')

function readFlow(deps: Deps, sealed: string | undefined): Flow | undefined {
  const raw = unseal(deps.config.notificationKey, 'oidc-flow', sealed)
  if (!raw) return undefined
  const provider = raw.provider
  const mode = raw.mode
  if (provider !== 'google' && provider !== 'facebook') return undefined
  if (mode !== 'login' && mode !== 'link') return undefined
  if (typeof raw.companyId !== 'number') return undefined
  return {
    companyId: raw.companyId,
    provider,
    mode,
    accountId: typeof raw.accountId === 'string' ? raw.accountId : undefined,
    state: str(raw.state),
    nonce: str(raw.nonce),
    verifier: str(raw.verifier),
    origin: str(raw.origin),
    returnTo: str(raw.returnTo) || '/',
  }
}

export interface FlowEnd {
  /** where to send the browser: the page it came from, the outcome in the hash */
  readonly location: string
  /** the sealed result cookie, after a sign-in */
  readonly result?: string
}

/** Without a valid flow cookie nothing says where to go back: the route answers the error. */
export const flowInvalid = () =>
  badRequest(
    'This sign-in expired or was started in another browser; start again from the site.',
    'socialFlowInvalid',
  )

export async function completeSocialFlow(
  deps: Deps,
  input: { provider: SocialProvider; sealed: string | undefined; query: URLSearchParams },
): Promise<FlowEnd> {
  const flow = readFlow(deps, input.sealed)
  if (!flow || flow.provider !== input.provider) throw flowInvalid()
  const back = (outcome: SocialOutcome, result?: string): FlowEnd => ({
    location: `${flow.origin}${flow.returnTo}${socialOutcomeHash(outcome)}`,
    ...(result === undefined ? {} : { result }),
  })
  const fail = (errType: ApiErrorType, why: string) => {
    deps.config.log(`social sign-in (${flow.provider}): ${errType}: ${why}`)
    return back({ kind: 'error', errType })
  }
  if (input.query.get('error')) {
    const cancelled = input.query.get('error') === 'access_denied'
    return fail(
      cancelled ? 'socialCancelled' : 'invalidProviderToken',
      str(input.query.get('error')),
    )
  }
  // the state binds the answer to this browser's flow (login CSRF)
  if (input.query.get('state') !== flow.state) return fail('socialFlowInvalid', 'state mismatch')
  const [company] = await deps.db
    .select()
    .from(companies)
    .where(eq(companies.id, flow.companyId))
    .limit(1)
  if (!company) return fail('socialFlowInvalid', 'company gone')

  let claims: oidc.IDToken | undefined
  try {
    const client = await issuerClient(company, flow.provider, deps.config.oidcIssuers)
    const current = new URL(`${flow.origin}${callbackPath(flow.provider)}`)
    current.search = input.query.toString()
    const tokens = await oidc.authorizationCodeGrant(client, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    })
    claims = tokens.claims()
  } catch (error) {
    if (error instanceof Refusal) return fail(error.type, error.message)
    // a refused or replayed code, a wrong nonce, a bad signature: the same to the visitor
    return fail('invalidProviderToken', whyRefused(error))
  }
  if (!claims?.sub) return fail('invalidProviderToken', 'no subject')
  const identity = {
    userId: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    emailVerified: emailIsVerified(flow.provider, {
      email: claims.email,
      email_verified: claims.email_verified,
    }),
  }

  if (flow.mode === 'link') {
    const account = flow.accountId
      ? await findAccount(deps.db, company.id, 'customer', flow.accountId)
      : undefined
    if (!account) return fail('socialFlowInvalid', 'account gone')
    const found = await accountForIdentity(deps, company, flow.provider, {
      ...identity,
      // linking never joins an account by e-mail: only the identity's owner matters here
      emailVerified: false,
    })
    if (found.ok && found.account.id === account.id) return back({ kind: 'linked' })
    if (found.ok) return fail('socialIdentityTaken', 'identity of another account')
    if ((await linkedProviders(deps, company.id, account.id)).includes(flow.provider)) {
      return fail('socialIdentityTaken', 'another identity of this provider is linked')
    }
    await linkIdentity(deps, company.id, account.id, flow.provider, identity.userId)
    return back({ kind: 'linked' })
  }

  const found = await accountForIdentity(deps, company, flow.provider, identity)
  if (!found.ok) return fail(found.errType, 'no account for this identity')
  const result = seal(
    deps.config.notificationKey,
    'oidc-result',
    { companyId: company.id, accountId: found.account.id, exist: found.exist },
    RESULT_TTL_MS,
  )
  return back({ kind: 'signed-in' }, result)
}

/** The reason for the log: openid-client wraps the check that failed, or the issuer's answer. */
function whyRefused(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause
  const detail =
    cause instanceof Error
      ? cause.message
      : typeof (cause as { error?: unknown } | undefined)?.error === 'string'
        ? String((cause as { error: string }).error)
        : undefined
  return detail ? `${error.message}: ${detail}` : error.message
}

/**
 * The session a completed sign-in left in the result cookie, for this company only: a bearer
 * token like a password login's (docs/decisions/021-session-token-in-local-storage.md).
 */
export async function takeSocialSession(
  deps: Deps,
  company: CompanyRow,
  sealed: string | undefined,
) {
  const raw = unseal(deps.config.notificationKey, 'oidc-result', sealed)
  if (!raw || raw.companyId !== company.id || typeof raw.accountId !== 'string') return undefined
  const account = await findAccount(deps.db, company.id, 'customer', raw.accountId)
  if (!account) return undefined
  const token = await issueToken(deps.db, {
    companyId: company.id,
    kind: 'customer',
    subjectId: account.id,
  })
  return { account, token, exist: raw.exist === true }
}
