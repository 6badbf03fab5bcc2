import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

/**
 * A real OpenID Provider (oidc-provider) on a free loopback port, standing in for Google or
 * Facebook in tests (docs/decisions/031-social-sign-in-oidc.md). Its login and consent are one
 * automatic interaction: whoever `signInAs` names is signed in and consents, so a test (or a
 * browser journey) goes through the real authorization endpoint, code, PKCE, token endpoint
 * and signed ID token without a form.
 */
export interface TestPerson {
  readonly email: string
  readonly emailVerified: boolean
}

export interface TestIssuer {
  readonly url: string
  readonly clientId: string
  readonly clientSecret: string
  /** Adds (or replaces) a person the issuer knows, by subject. */
  person(sub: string, person: TestPerson): void
  /** Who the next interactions sign in. */
  signInAs(sub: string): void
  close(): Promise<void>
}

export async function startTestIssuer(options: {
  redirectUris: readonly string[]
  clientId?: string
  clientSecret?: string
}): Promise<TestIssuer> {
  const people = new Map<string, TestPerson>()
  let current = ''
  const clientId = options.clientId ?? 'test-client'
  const clientSecret = options.clientSecret ?? 'test-client-secret-0123456789abcdef'
  const server = createServer((req, res) => {
    void route(req, res).catch((error: unknown) => {
      res.statusCode = 500
      res.end(String(error))
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const provider = new Provider(url, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [...options.redirectUris],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // the ID token carries the claims (the client reads them from it, not from userinfo)
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/i/${interaction.uid}` },
    cookies: { keys: ['test-issuer-cookie-key'] },
    // short lives, set explicitly (oidc-provider warns about its defaults otherwise)
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    async findAccount(_ctx: unknown, sub: string) {
      const person = people.get(sub)
      if (!person) return undefined
      return {
        accountId: sub,
        claims: async () => ({ sub, email: person.email, email_verified: person.emailVerified }),
      }
    },
  })
  const callback = provider.callback()

  async function route(
    req: Parameters<typeof callback>[0],
    res: Parameters<typeof callback>[1],
  ): Promise<void> {
    if (!req.url?.startsWith('/i/')) return callback(req, res)
    const details = await provider.interactionDetails(req, res)
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: current } })
      return
    }
    const grant = new provider.Grant({
      accountId: details.session?.accountId ?? current,
      clientId: String(details.params.client_id),
    })
    grant.addOIDCScope(String(details.params.scope))
    const grantId = await grant.save()
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    )
  }

  return {
    url,
    clientId,
    clientSecret,
    person: (sub, person) => people.set(sub, person),
    signInAs: (sub) => {
      current = sub
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
